// Wires the authorization server: config, logger, database (the REST app migrates it), Redis
// for shared sign-in limits, the app (which runs the account use cases), listen, clean shutdown.
import { createDatabase } from '@oms/db';
import { createLogger, createRedisClient, exitOnConfigProblems, onShutdownSignal, startServer } from '@oms/platform';
import { loadConfig } from './config.js';
import { createApp } from './create-app.js';

const loaded = loadConfig(process.env);
if (!loaded.ok) exitOnConfigProblems(loaded.problems);
const config = loaded.config;
const logger = createLogger({ service: 'auth-server', level: config.logLevel });

const db = await createDatabase({ databaseUrl: config.databaseUrl, poolSize: 5 });
// Fails fast while Redis is away: sign-ins then answer 503 with Retry-After.
const redis = config.redisUrl
  ? createRedisClient(config.redisUrl, {
      onDown: (error) => logger.warn({ err: error }, 'redis unreachable: sign-ins are refused until it is back'),
      onUp: () => logger.info('redis reachable again'),
    })
  : undefined;
const service = createApp({ config, db, logger, ...(redis ? { redis } : {}) });
await service.ready;
const running = await startServer(service.app, { port: config.port, host: config.host });
logger.info({ port: running.port, baseUrl: config.baseUrl }, 'listening');

onShutdownSignal(logger, config.shutdownTimeoutMs + 5_000, async () => {
  await running.close(config.shutdownTimeoutMs);
  await service.close();
  redis?.disconnect();
  await db.close();
});
