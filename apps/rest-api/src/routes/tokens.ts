// API tokens (settings), device tokens for push notifications, and two-factor set-up.
import { Router } from 'express';
import { AppError } from '@oms/domain';
import {
  ConfirmTwoFactorRequest,
  CreateApiTokenRequest,
  DisableTwoFactorRequest,
  NotificationTokenRequest,
} from '@oms/contracts';
import type { RestContext } from '../rest-context.js';
import { actorOf, authOf } from '../http/authenticate.js';
import { parseBody } from '../http/parse-body.js';
import {
  beginTwoFactor,
  confirmTwoFactor,
  createApiToken,
  disableTwoFactor,
  listOwnApiTokens,
  registerNotificationToken,
  revokeApiToken,
  unregisterNotificationToken,
} from '@oms/ontology-service';

export function tokenRoutes(ctx: RestContext): Router {
  const router = Router();

  router.get('/api_tokens', async (_req, res) => {
    res.json(await listOwnApiTokens(ctx, actorOf(res)));
  });
  router.post('/api_tokens', async (req, res) => {
    const input = parseBody(CreateApiTokenRequest, req.body, ['api_token']);
    res.status(201).json(await createApiToken(ctx, actorOf(res), input.api_token.name));
  });
  router.delete('/api_tokens/:id', async (req, res) => {
    if (!(await revokeApiToken(ctx, actorOf(res), req.params.id))) throw new AppError('not_found');
    res.status(204).end();
  });

  router.post('/notification_tokens', async (req, res) => {
    const input = parseBody(NotificationTokenRequest, req.body, ['notification_token']);
    res.status(201).json(await registerNotificationToken(ctx, actorOf(res), input));
  });
  router.delete('/notification_tokens', async (req, res) => {
    const input = parseBody(NotificationTokenRequest, req.body, ['notification_token']);
    await unregisterNotificationToken(ctx, actorOf(res), input);
    res.status(204).end();
  });

  router.get('/two_factor', (_req, res) => {
    res.json({ enabled: authOf(res).user.otpEnabled });
  });
  router.post('/two_factor', async (_req, res) => {
    res.status(201).json(await beginTwoFactor(ctx, actorOf(res)));
  });
  router.post('/two_factor/confirm', async (req, res) => {
    const input = parseBody(ConfirmTwoFactorRequest, req.body);
    res.json(await confirmTwoFactor(ctx, actorOf(res), input));
  });
  router.delete('/two_factor', async (req, res) => {
    const input = parseBody(DisableTwoFactorRequest, req.body);
    res.json(await disableTwoFactor(ctx, actorOf(res), input));
  });
  return router;
}
