// The REST app as a factory: it reads no environment and does not listen (STYLE 2).
import express, { type Express } from 'express';
import { createContext, type AppDeps } from './context.js';
import { authenticate } from './http/authenticate.js';
import { errorHandler, notFoundHandler } from './http/error-handler.js';
import { jsonBody } from './http/json-body.js';
import { requestContext } from './http/request-context.js';
import { accountRoutes } from './routes/accounts.js';
import { docsRoutes } from './routes/docs.js';
import { meRoutes } from './routes/me.js';
import { ontologyRoutes } from './routes/ontologies.js';
import { tokenRoutes } from './routes/tokens.js';
import { publicRoutes } from './routes/users.js';
import { createMcpHttpRouter } from '@oms/mcp-server';
import { apiTokenAuthenticator } from './internal/api-token-authenticator.js';
import { localServiceFactory } from './internal/local-service.js';
import { internalTrpc } from './internal/mount-trpc.js';
import { createInternalRouter } from './internal/trpc-router.js';

export type { AppDeps };

export function createApp(deps: AppDeps): Express {
  const ctx = createContext(deps);
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.config.trustProxy);
  app.set('etag', false);
  app.use(requestContext(deps.logger));

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    const database = await deps.db.ping();
    res.status(database ? 200 : 503).json({ status: database ? 'ok' : 'unavailable', database });
  });

  app.use(docsRoutes(deps.config.baseUrl));

  const internalRouter = createInternalRouter(ctx);
  if (deps.config.internalToken) app.use('/internal/trpc', ...internalTrpc(internalRouter, deps.config.internalToken));
  if (deps.config.mcpEndpoint === 'on') {
    // The single-process deployment serves /mcp itself, calling the use cases in-process.
    const serviceFor = localServiceFactory(internalRouter);
    app.use(
      createMcpHttpRouter({
        baseUrl: deps.config.baseUrl,
        serviceFor,
        authenticate: apiTokenAuthenticator(serviceFor, ctx.now),
        onError: (error) => deps.logger.warn({ err: error }, 'mcp request failed'),
      }),
    );
  }

  const api = express.Router();
  api.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    next();
  });
  api.use(jsonBody());
  api.use(publicRoutes(ctx));
  api.use(authenticate(deps.db, ctx.now));
  api.use(meRoutes(ctx));
  api.use(accountRoutes(ctx));
  api.use(tokenRoutes(ctx));
  api.use(ontologyRoutes(ctx));
  api.use(notFoundHandler);
  app.use('/api/v1', api);

  app.use(notFoundHandler);
  app.use(errorHandler(deps.logger));
  return app;
}
