// The caller's own profile, account deletion and password change.
import { Router } from 'express';
import { ChangePasswordRequest } from '@oms/contracts';
import type { RestContext } from '../rest-context.js';
import { actorOf, authOf } from '../http/authenticate.js';
import { parseBody } from '../http/parse-body.js';
import { changePassword, deleteUser, readOwnProfile } from '@oms/ontology-service';

export function meRoutes(ctx: RestContext): Router {
  const router = Router();
  router.get('/me', async (_req, res) => {
    res.json(await readOwnProfile(ctx, authOf(res).user));
  });
  router.delete('/me', async (_req, res) => {
    await deleteUser(ctx, actorOf(res));
    res.status(200).json({});
  });
  router.put('/password', async (req, res) => {
    const input = parseBody(ChangePasswordRequest, req.body, ['user']);
    res.json(await changePassword(ctx, actorOf(res), input));
  });
  return router;
}
