// Wires the REST app: config, logger, database (migrated), app, listen, clean shutdown.
import { createDatabase } from '@oms/db';
import { loadConfig } from './config.js';
import { createApp } from './create-app.js';
import { createLogger } from './logger.js';
import { startServer } from './start-server.js';

const loaded = loadConfig(process.env);
if (!loaded.ok) {
  for (const problem of loaded.problems) console.error(`config error: ${problem}`);
  process.exit(1);
}
const config = loaded.config;
const logger = createLogger(config.logLevel);

const db = await createDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir });
const applied = await db.migrate();
logger.info({ database: db.kind, applied }, 'database ready');

const running = await startServer(createApp({ config, db, logger }), { port: config.port, host: config.host });
logger.info({ port: running.port, baseUrl: config.baseUrl }, 'listening');
console.log(`Ontology service ready at ${config.baseUrl} (port ${running.port}, ${db.kind} database)`);

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  const hardStop = setTimeout(() => {
    logger.error('shutdown took too long; exiting');
    process.exit(1);
  }, config.shutdownTimeoutMs + 5_000);
  hardStop.unref();
  await running.close(config.shutdownTimeoutMs);
  await db.close();
  logger.info('stopped');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
