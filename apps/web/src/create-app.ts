// The web interface as its own app (DESIGN 9 paths: /, /search, /ontologies*), a factory that
// reads no environment and does not listen. The ontology use cases run in this process; the
// browser session is the settings area's (same table, same cookie).
import { webSessionStore } from '@oms/db';
import { createServiceContext, renderSourceOf, type ServiceDeps } from '@oms/ontology-service';
import { createRasterizer, drawWithQueue, inProcessRenderQueue } from '@oms/render';
import { createHttpShell, type ServiceApp } from '@oms/platform';
import { createWebRouter } from '@oms/web-ui';
import type { WebConfig } from './config.js';

export type WebAppDeps = Omit<ServiceDeps, 'config'> & { config: WebConfig };

export function createApp(deps: WebAppDeps): ServiceApp {
  const ctx = createServiceContext(deps);
  const { app, finish } = createHttpShell({
    logger: deps.logger,
    trustProxy: deps.config.trustProxy,
    readiness: { database: () => deps.db.ping() },
  });
  app.set('etag', false);
  // The ontology page's ORM diagram is SVG, drawn in this process (no browser is started for it).
  const renderQueue = inProcessRenderQueue({
    loadSource: (ontologyId, commitHash) => renderSourceOf(ctx, { ontologyId, commitHash }),
    rasterizer: createRasterizer(),
  });
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
  finish();
  return { app, ready: Promise.resolve(), close: async () => {
      await ctx.heavyWork.close();
      await renderQueue.close();
    } };
}
