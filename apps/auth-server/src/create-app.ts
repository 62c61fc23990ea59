// The authorization server as its own app (DESIGN 2 paths: the OAuth metadata, /oauth/*,
// sign-in, consent and /settings/*), a factory that reads no environment and does not listen.
// The account use cases run in this process, the same functions the single-process REST app wires.
import express, { type Express } from 'express';
import { createAuthServer } from '@oms/authorization';
import { authServerAccounts, createServiceContext, type ServiceDeps } from '@oms/ontology-service';
import { jsonInternalError, jsonNotFound } from '@oms/platform';
import type { AuthConfig } from './config.js';

export type AuthAppDeps = Omit<ServiceDeps, 'config'> & { config: AuthConfig };

export function createApp(deps: AuthAppDeps): Express {
  const ctx = createServiceContext(deps);
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
  const auth = createAuthServer({ baseUrl: deps.config.baseUrl, db: deps.db.prisma, logger: deps.logger, ...authServerAccounts(ctx) });
  app.use(auth.router);
  app.use(jsonNotFound());
  // Unavailable dependencies were answered 503 by the auth router; anything else is a logged 500.
  app.use(jsonInternalError(deps.logger));
  app.locals['ready'] = auth.ready;
  return app;
}
