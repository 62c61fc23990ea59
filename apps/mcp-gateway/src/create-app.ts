// The MCP gateway as a factory (no environment, no listening): /mcp and its metadata,
// /healthz, and /readyz that checks the REST app is reachable.
import express, { type Express } from 'express';
import type { CallerCredential, ServiceApi } from '@oms/contracts';
import { bearerAuthenticator, createMcpHttpRouter } from '@oms/mcp-server';
import { jsonInternalError, jsonNotFound, type Logger } from '@oms/platform';
import { visualizeWithQueue, type RenderQueue } from '@oms/render';
import type { GatewayConfig } from './config.js';

export type GatewayDeps = {
  config: GatewayConfig;
  logger: Logger;
  /** `credential`: the API token or OAuth grant the actor came with (the REST app's writes re-read it). */
  serviceFor: (actorId: string | null, memberOf?: readonly string[], credential?: CallerCredential) => ServiceApi;
  /** The render queue (BullMQ to render-worker processes); without it visualize_ontology answers that rendering is unavailable. */
  renderQueue?: RenderQueue;
  /** Answers whether the REST app answers; used by /readyz. */
  restReachable: () => Promise<boolean>;
  now?: () => Date;
};

export function createApp(deps: GatewayDeps): Express {
  const now = deps.now ?? (() => new Date());
  const app = express();
  app.disable('x-powered-by');
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    const rest = await deps.restReachable();
    res.status(rest ? 200 : 503).json({ status: rest ? 'ok' : 'unavailable', rest });
  });
  app.use(
    createMcpHttpRouter({
      baseUrl: deps.config.baseUrl,
      serviceFor: deps.serviceFor,
      authenticate: bearerAuthenticator({
        serviceFor: deps.serviceFor,
        now,
        oauth: {
          issuer: deps.config.baseUrl,
          jwksUri: `${deps.config.authInternalUrl ?? deps.config.baseUrl}/oauth/jwks`,
          audience: `${deps.config.baseUrl}/mcp`,
        },
      }),
      ...(deps.renderQueue ? { visualize: visualizeWithQueue(deps.renderQueue) } : {}),
      onError: (error) => deps.logger.warn({ err: error }, 'mcp request failed'),
    }),
  );
  app.use(jsonNotFound());
  app.use(jsonInternalError(deps.logger));
  return app;
}
