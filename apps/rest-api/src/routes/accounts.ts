import { Router } from 'express';
import { AddAccountUserRequest, CreateAccountRequest, uuid } from '@oms/contracts';
import { z } from 'zod';
import type { RestContext } from '../rest-context.js';
import { actorOf } from '../http/authenticate.js';
import { parseBody } from '../http/parse-body.js';
import { idParam } from '../http/params.js';
import {
  addAccountMember,
  createTeamAccount,
  listAccounts,
  presentAccount,
  presentMembership,
  readAccount,
  removeAccountMember,
} from '@oms/ontology-service';

const RemoveByUserRequest = z.strictObject({ user_id: uuid });

export function accountRoutes(ctx: RestContext): Router {
  const router = Router();
  router.get('/accounts', async (_req, res) => {
    res.json((await listAccounts(ctx, actorOf(res))).map(presentAccount));
  });
  router.post('/accounts', async (req, res) => {
    const input = parseBody(CreateAccountRequest, req.body, ['account']);
    res.status(201).json(presentAccount(await createTeamAccount(ctx, actorOf(res), input)));
  });
  router.get('/accounts/:id', async (req, res) => {
    res.json(presentAccount(await readAccount(ctx, actorOf(res), { accountId: idParam(req.params.id) })));
  });
  router.post('/accounts/:id/account_users', async (req, res) => {
    const accountId = idParam(req.params.id);
    const input = parseBody(AddAccountUserRequest, req.body, ['account_user']);
    res.status(201).json(presentMembership(await addAccountMember(ctx, actorOf(res), accountId, input)));
  });
  router.delete('/accounts/:id/account_users/:accountUserId', async (req, res) => {
    const accountId = idParam(req.params.id);
    await removeAccountMember(ctx, actorOf(res), accountId, { membershipId: idParam(req.params.accountUserId) });
    res.status(204).end();
  });
  router.delete('/accounts/:id/account_users', async (req, res) => {
    const accountId = idParam(req.params.id);
    const input = parseBody(RemoveByUserRequest, req.body);
    await removeAccountMember(ctx, actorOf(res), accountId, { userId: input.user_id });
    res.status(204).end();
  });
  return router;
}
