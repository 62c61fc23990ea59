// The authorization server as its own app (DESIGN 2 paths: the OAuth metadata, /oauth/*,
// sign-in, consent and /settings/*), a factory that reads no environment and does not listen.
import { createAuthServer } from '@oms/authorization';
import type { ServiceApi } from '@oms/contracts';
import type { Database } from '@oms/db';
import { createHttpShell, type AttemptLimiter, type Logger, type ServiceApp } from '@oms/platform';
import type { AuthConfig } from './config.js';
import { remoteAccountPort, remoteCredentialCheck } from './remote-account-port.js';

export type AuthAppDeps = {
  config: AuthConfig;
  db: Database;
  logger: Logger;
  limiter: AttemptLimiter;
  serviceFor: (actorId: string | null) => ServiceApi;
};

export function createApp(deps: AuthAppDeps): ServiceApp {
  const { app, finish } = createHttpShell({
    logger: deps.logger,
    trustProxy: deps.config.trustProxy,
    readiness: { database: () => deps.db.ping() },
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
  // Unavailable dependencies were answered 503 by the auth router; anything else is a logged 500.
  finish();
  return { app, ready: auth.ready.then(() => undefined), close: async () => undefined };
}
