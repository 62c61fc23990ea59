// The REST app as a factory: it reads no environment and does not listen (STYLE 2).
import express, { type Request } from 'express';
import { createHttpShell, setRequestUser, type ServiceApp } from '@oms/platform';
import { createRestContext, type AppDeps } from './rest-context.js';
import { authenticate } from './http/authenticate.js';
import { errorHandler, notFoundHandler } from './http/error-handler.js';
import { jsonBody } from './http/json-body.js';
import { methodNotAllowed } from './http/method-not-allowed.js';
import { writeDeadline } from './http/write-deadline.js';
import { accountRoutes } from './routes/accounts.js';
import { docsRoutes } from './routes/docs.js';
import { meRoutes } from './routes/me.js';
import { ontologyRoutes } from './routes/ontologies.js';
import { ontologyVersionRoutes } from './routes/ontology-versions.js';
import { tokenRoutes } from './routes/tokens.js';
import { publicRoutes } from './routes/users.js';
import { createAuthServer } from '@oms/authorization';
import { bearerAuthenticator, createMcpHttpRouter } from '@oms/mcp-server';
import { authServerAccounts, createInternalRouter, localServiceFactory, renderSourceOf, startTermsBackfill, type TermsBackfill } from '@oms/ontology-service';
import { createRasterizer, drawWithQueue, inProcessRenderQueue, visualizeWithQueue, type RenderQueue } from '@oms/render';
import { diagramRoutes } from './routes/diagrams.js';
import { termRoutes } from './routes/terms.js';
import { internalTrpc } from './internal/mount-trpc.js';
import { webSessionStore } from '@oms/db';
import { createWebRouter } from '@oms/web-ui';

export type { AppDeps };

/** The REST app, and the background work main.ts starts once it listens. */
export type RestApp = ServiceApp & {
  /** Writes the terms of commits that have none (made before terms existed), in the background. */
  startTermsBackfill(): TermsBackfill;
};

export function createApp(deps: AppDeps): RestApp {
  const ctx = createRestContext(deps);
  const { app, finish } = createHttpShell({
    logger: deps.logger,
    trustProxy: deps.config.trustProxy,
    readiness: { database: () => deps.db.ping() },
    early: [writeDeadline(deps.config.responseWriteTimeoutMs)],
  });
  app.set('etag', false);

  app.use(docsRoutes(deps.config.baseUrl));

  const ready: Promise<unknown>[] = [];
  if (deps.config.authEndpoint === 'on') {
    // The single-process deployment is also the OAuth authorization server for agents.
    const auth = createAuthServer({
      baseUrl: deps.config.baseUrl,
      db: deps.db.prisma,
      logger: deps.logger,
      ...authServerAccounts(ctx),
      ...(deps.metadataFetch ? { metadataFetch: deps.metadataFetch } : {}),
    });
    ready.push(auth.ready);
    app.use(auth.router);
  }

  // Without a queue from main (BullMQ when REDIS_URL is set), renders run in this process.
  const renderQueue: RenderQueue =
    deps.renderQueue ??
    inProcessRenderQueue({
      loadSource: (ontologyId, commitHash) => renderSourceOf(ctx, { ontologyId, commitHash }),
      rasterizer: createRasterizer(deps.config.chromiumPath ? { chromiumPath: deps.config.chromiumPath } : {}),
    });

  const internalRouter = createInternalRouter(ctx);
  if (deps.config.internalToken) app.use('/internal/trpc', ...internalTrpc(internalRouter, deps.config.internalToken));
  if (deps.config.mcpEndpoint === 'on') {
    // The single-process deployment serves /mcp itself, calling the use cases in-process.
    const serviceFor = localServiceFactory(internalRouter);
    app.use(
      createMcpHttpRouter({
        baseUrl: deps.config.baseUrl,
        serviceFor,
        authenticate: bearerAuthenticator({
          serviceFor,
          now: ctx.now,
          oauth: {
            issuer: deps.config.baseUrl,
            jwksUri: `${deps.config.authInternalUrl ?? deps.config.baseUrl}/oauth/jwks`,
            audience: `${deps.config.baseUrl}/mcp`,
          },
        }),
        visualize: visualizeWithQueue(renderQueue),
        onAuthenticated: setRequestUser,
        onError: (error) => deps.logger.warn({ err: error }, 'mcp request failed'),
      }),
    );
  }

  // The web interface for people (DESIGN 9): /, /search, /ontologies*, with the settings area's session.
  app.use(
    createWebRouter({
      ctx,
      sessions: webSessionStore(deps.db.prisma),
      secureCookies: deps.config.baseUrl.startsWith('https://'),
      logger: deps.logger,
      upload: { dir: deps.config.uploadDir, maxSourceBytes: deps.config.sourceMaxBytes, deadline: deps.config.bodyDeadline },
      draw: drawWithQueue(renderQueue),
    }),
  );

  const api = express.Router();
  api.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    next();
  });
  const publicApi = publicRoutes(ctx);
  const routers = [
    meRoutes(ctx),
    accountRoutes(ctx),
    tokenRoutes(ctx),
    ontologyRoutes(ctx),
    ontologyVersionRoutes(ctx),
    termRoutes(ctx),
    diagramRoutes(ctx, renderQueue),
  ];
  api.use(publicApi);
  // Authenticate first: a stranger's body (up to 16 MB) is never read or parsed.
  api.use(authenticate(ctx));
  // A wrong method on a known path is 405 before its body is read.
  api.use(methodNotAllowed([publicApi, ...routers]));
  // Multipart creates and updates (DESIGN 8) are read by their routes, while they arrive.
  api.use(jsonBody(deps.config.bodyDeadline, isMultipartWrite));
  for (const router of routers) api.use(router);
  api.use(notFoundHandler);
  app.use('/api/v1', api);

  finish({ notFound: notFoundHandler, onError: errorHandler(deps.logger) });
  // main.ts waits for this before it says the service is ready.
  const allReady = Promise.all(ready).then(() => undefined);
  allReady.catch(() => undefined);
  let backfill: TermsBackfill | undefined;
  return {
    app,
    ready: allReady,
    startTermsBackfill: () => (backfill ??= startTermsBackfill(ctx, { logger: deps.logger })),
    // main.ts and tests call this on shutdown: it closes the renderer (and its browser) and the
    // heavy-work worker threads.
    close: async () => {
      await Promise.all([backfill?.stop(), ctx.backgroundTerms.close()]);
      await Promise.all([deps.renderQueue ? undefined : renderQueue.close(), ctx.heavyWork.close()]);
    },
  };
}

/** POST /ontologies and PATCH /ontologies/:id take multipart/form-data too. */
function isMultipartWrite(req: Request): boolean {
  return (req.method === 'POST' && req.path === '/ontologies') || (req.method === 'PATCH' && /^\/ontologies\/[^/]+$/.test(req.path));
}
