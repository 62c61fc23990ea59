// The authorization server as its own app (DESIGN 2 paths: the OAuth metadata, /oauth/*,
// sign-in, consent and /settings/*), a factory that reads no environment and does not listen.
// The account use cases run in this process, the same functions the single-process REST app wires.
import { createAuthServer } from '@oms/authorization';
import { authServerAccounts, createServiceContext, type ServiceDeps } from '@oms/ontology-service';
import { createHttpShell, type ServiceApp } from '@oms/platform';
import type { AuthConfig } from './config.js';

export type AuthAppDeps = Omit<ServiceDeps, 'config'> & { config: AuthConfig };

export function createApp(deps: AuthAppDeps): ServiceApp {
  const ctx = createServiceContext(deps);
  const { app, finish } = createHttpShell({
    logger: deps.logger,
    trustProxy: deps.config.trustProxy,
    readiness: { database: () => deps.db.ping() },
  });
  const auth = createAuthServer({ baseUrl: deps.config.baseUrl, db: deps.db.prisma, logger: deps.logger, ...authServerAccounts(ctx) });
  app.use(auth.router);
  // Unavailable dependencies were answered 503 by the auth router; anything else is a logged 500.
  finish();
  return { app, ready: auth.ready.then(() => undefined), close: () => ctx.heavyWork.close() };
}
