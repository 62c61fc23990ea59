// Wires the REST app (and, in the single-process deployment, /mcp, OAuth and rendering):
// config, logger, database (migrated), Redis when configured, app, listen, clean shutdown.
import { createDatabase } from '@oms/db';
import { createLogger, createRedisClient, exitOnConfigProblems, onShutdownSignal, startServer } from '@oms/platform';
import { bullmqRenderQueue, redisConnectionOptions } from '@oms/render';
import { loadConfig } from './config.js';
import { createApp } from './create-app.js';

const loaded = loadConfig(process.env);
if (!loaded.ok) exitOnConfigProblems(loaded.problems);
const config = loaded.config;
const logger = createLogger({ service: 'rest-api', level: config.logLevel });

const db = await createDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir });
const applied = await db.migrate();
logger.info({ database: db.kind, applied }, 'database ready');

// Fails fast while Redis is away: sign-ins and renders then answer 503 with Retry-After.
const redis = config.redisUrl
  ? createRedisClient(config.redisUrl, {
      onDown: (error) => logger.warn({ err: error }, 'redis unreachable: sign-ins and renders are refused until it is back'),
      onUp: () => logger.info('redis reachable again'),
    })
  : undefined;
const renderQueue = config.renderQueue === 'bullmq' && config.redisUrl ? bullmqRenderQueue(redisConnectionOptions(config.redisUrl)) : undefined;

const service = createApp({ config, db, logger, ...(redis ? { redis } : {}), ...(renderQueue ? { renderQueue } : {}) });
await service.ready;
const running = await startServer(service.app, { port: config.port, host: config.host });
logger.info({ port: running.port, baseUrl: config.baseUrl }, 'listening');
console.log(`Ontology service ready at ${config.baseUrl} (port ${running.port}, ${db.kind} database)`);
// Terms of commits made before terms existed: in the background, never delaying requests;
// every replica may run it (the ontology lock and the per-commit flag keep passes apart).
const backfill = service.startTermsBackfill();

onShutdownSignal(logger, config.shutdownTimeoutMs + 5_000, async () => {
  await backfill.stop();
  await running.close(config.shutdownTimeoutMs);
  await service.close();
  await renderQueue?.close();
  redis?.disconnect();
  await db.close();
});
