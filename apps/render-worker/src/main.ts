// Wires a render worker: config, logger, database, warm Chromium, the BullMQ worker (its
// sources read through the application layer's renderSourceOf), a health endpoint, and a
// clean shutdown that lets active jobs finish before the browser closes.
import express from 'express';
import { createDatabase } from '@oms/db';
import { renderSourceOf } from '@oms/ontology-service';
import { createLogger, exitOnConfigProblems, onShutdownSignal, startServer } from '@oms/platform';
import { createRasterizer, queueConnected, redisConnectionOptions } from '@oms/render';
import { loadConfig } from './config.js';
import { createRenderWorker } from './create-worker.js';

const loaded = loadConfig(process.env);
if (!loaded.ok) exitOnConfigProblems(loaded.problems);
const config = loaded.config;
const logger = createLogger({ service: 'render-worker', level: config.logLevel });

const db = await createDatabase({ databaseUrl: config.databaseUrl, poolSize: 2 });
const rasterizer = createRasterizer(config.chromiumPath ? { chromiumPath: config.chromiumPath } : {});
const worker = createRenderWorker({
  connection: redisConnectionOptions(config.redisUrl),
  loadSource: (ontologyId, commitHash) => renderSourceOf({ db }, { ontologyId, commitHash }),
  rasterizer,
  logger,
  concurrency: config.concurrency,
  jobTimeoutMs: config.jobTimeoutMs,
  lockDurationMs: config.lockDurationMs,
});

const health = express();
health.get('/healthz', (_req, res) => {
  res.json({ status: 'ok' });
});
health.get('/readyz', async (_req, res) => {
  // Not ready while Redis (its only source of work) or the database (its sources) is away.
  const [database, queue] = await Promise.all([db.ping(), queueConnected(worker).then((up) => up && worker.isRunning())]);
  res.status(database && queue ? 200 : 503).json({ status: database && queue ? 'ok' : 'unavailable', database, queue });
});
const running = await startServer(health, { port: config.port, host: config.host });
logger.info({ port: running.port, concurrency: config.concurrency }, 'render worker started');

onShutdownSignal(logger, config.shutdownTimeoutMs, async () => {
  await worker.close();
  await rasterizer.close();
  await running.close(1_000);
  await db.close();
});
