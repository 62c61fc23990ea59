// The authorization server as its own app (DESIGN 2 paths: the OAuth metadata, /oauth/*,
// sign-in, consent and /settings/*), a factory that reads no environment and does not listen.
import express, { type Express } from 'express';
import { createAuthServer } from '@oms/authorization';
import type { ServiceApi } from '@oms/contracts';
import type { Database } from '@oms/db';
import { jsonInternalError, jsonNotFound, type AttemptLimiter, type Logger } from '@oms/platform';
import type { AuthConfig } from './config.js';
import { remoteAccountPort, remoteCredentialCheck } from './remote-account-port.js';

export type AuthAppDeps = {
  config: AuthConfig;
  db: Database;
  logger: Logger;
  limiter: AttemptLimiter;
  serviceFor: (actorId: string | null) => ServiceApi;
};

export function createApp(deps: AuthAppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.config.trustProxy);
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    const database = await deps.db.ping();
    res.status(database ? 200 : 503).json({ status: database ? 'ok' : 'unavailable', database });
  });
  const auth = createAuthServer({
    baseUrl: deps.config.baseUrl,
    db: deps.db.prisma,
    findUser: (id) => deps.serviceFor(null).call('users.find', { user_id: id }),
    verifyCredentials: remoteCredentialCheck(deps.serviceFor),
    limiter: deps.limiter,
    logger: deps.logger,
    settings: remoteAccountPort(deps.serviceFor),
  });
  app.use(auth.router);
  app.use(jsonNotFound());
  // Unavailable dependencies were answered 503 by the auth router; anything else is a logged 500.
  app.use(jsonInternalError(deps.logger));
  app.locals['ready'] = auth.ready;
  return app;
}
