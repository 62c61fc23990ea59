import { Router } from 'express';
import { AppError } from '@oms/domain';
import { AddAccountUserRequest, CreateAccountRequest, uuid } from '@oms/contracts';
import { findAccountOfMember, listAccountsOfUser } from '@oms/db';
import { z } from 'zod';
import type { RestContext } from '../rest-context.js';
import { actorOf, authOf } from '../http/authenticate.js';
import { parseBody } from '../http/parse-body.js';
import { idParam } from '../http/params.js';
import { presentAccount, presentMembership } from '@oms/ontology-service';
import { addAccountMember, createTeamAccount, removeAccountMember } from '@oms/ontology-service';

const RemoveByUserRequest = z.strictObject({ user_id: uuid });

export function accountRoutes(ctx: RestContext): Router {
  const router = Router();
  router.get('/accounts', async (_req, res) => {
    const accounts = await listAccountsOfUser(ctx.db.prisma, authOf(res).user.id);
    res.json(accounts.map(presentAccount));
  });
  router.post('/accounts', async (req, res) => {
    const input = parseBody(CreateAccountRequest, req.body, ['account']);
    res.status(201).json(presentAccount(await createTeamAccount(ctx, actorOf(res), input)));
  });
  router.get('/accounts/:id', async (req, res) => {
    const account = await findAccountOfMember(ctx.db.prisma, idParam(req.params.id), authOf(res).user.id);
    if (!account) throw new AppError('not_found');
    res.json(presentAccount(account));
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
    await removeAccountMember(ctx, actorOf(res), accountId, { userId: input.user_id.toLowerCase() });
    res.status(204).end();
  });
  return router;
}
