// Wires the MCP gateway: config, logger, the use cases over the REST app's internal API
// (tRPC; the remote twin of the embedded /mcp's in-process caller), listen, clean shutdown.
import { createLogger, exitOnConfigProblems, onShutdownSignal, startServer } from '@oms/platform';
import { bullmqRenderQueue, redisConnectionOptions } from '@oms/render';
import { loadConfig } from './config.js';
import { createApp } from './create-app.js';
import { remoteServiceFactory } from '@oms/ontology-service/remote';

const loaded = loadConfig(process.env);
if (!loaded.ok) exitOnConfigProblems(loaded.problems);
const config = loaded.config;
const logger = createLogger({ service: 'mcp-gateway', level: config.logLevel });

const renderQueue = config.redisUrl ? bullmqRenderQueue(redisConnectionOptions(config.redisUrl)) : undefined;
const service = createApp({
  config,
  logger,
  ...(renderQueue ? { renderQueue } : {}),
  serviceFor: remoteServiceFactory(config),
  restReachable: async () => {
    try {
      const response = await fetch(`${config.restInternalUrl}/readyz`, { signal: AbortSignal.timeout(2_000) });
      return response.ok;
    } catch {
      return false;
    }
  },
});
await service.ready;
const running = await startServer(service.app, { port: config.port, host: config.host });
logger.info({ port: running.port, baseUrl: config.baseUrl }, 'listening');

onShutdownSignal(logger, config.shutdownTimeoutMs + 5_000, async () => {
  await running.close(config.shutdownTimeoutMs);
  await service.close();
  await renderQueue?.close();
});
