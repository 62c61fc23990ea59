// Wires the web interface: config, logger, database (the REST app migrates it), the app, listen,
// clean shutdown.
import { createDatabase } from '@oms/db';
import { createLogger, exitOnConfigProblems, onShutdownSignal, startServer } from '@oms/platform';
import { loadConfig } from './config.js';
import { createApp } from './create-app.js';

const loaded = loadConfig(process.env);
if (!loaded.ok) exitOnConfigProblems(loaded.problems);
const config = loaded.config;
const logger = createLogger({ service: 'web', level: config.logLevel });

const db = await createDatabase({ databaseUrl: config.databaseUrl, poolSize: 5 });
const service = createApp({ config, db, logger });
await service.ready;
const running = await startServer(service.app, { port: config.port, host: config.host });
logger.info({ port: running.port, baseUrl: config.baseUrl }, 'listening');

onShutdownSignal(logger, config.shutdownTimeoutMs + 5_000, async () => {
  await running.close(config.shutdownTimeoutMs);
  await service.close();
  await db.close();
});
