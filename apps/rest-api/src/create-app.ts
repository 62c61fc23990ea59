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
