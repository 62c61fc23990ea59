// The MCP gateway as a factory (no environment, no listening): /mcp and its metadata,
// /healthz, and /readyz that checks the REST app is reachable.
import type { CallerCredential, ServiceApi } from '@oms/contracts';
import { bearerAuthenticator, createMcpHttpRouter } from '@oms/mcp-server';
import { createHttpShell, setRequestUser, type Logger, type ServiceApp } from '@oms/platform';
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

export function createApp(deps: GatewayDeps): ServiceApp {
  const now = deps.now ?? (() => new Date());
  const { app, finish } = createHttpShell({ logger: deps.logger, readiness: { rest: deps.restReachable } });
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
      onAuthenticated: setRequestUser,
      onError: (error) => deps.logger.warn({ err: error }, 'mcp request failed'),
    }),
  );
  finish();
  // main closes the render queue it made; the gateway itself starts nothing to wait for or close.
  return { app, ready: Promise.resolve(), close: async () => undefined };
}
