// The embedded target (default): the single-process service (REST, /mcp and in-process
// renders) on a fresh PostgreSQL database, or PGlite when no PostgreSQL answers.
import { openBenchDatabase } from '../database.mjs';
import { startService } from '../service.mjs';

/** Built before the run (the same projects as before the cluster target existed). */
export const EMBEDDED_BUILD = ['rest-api', 'mcp-stdio', 'mcp-gateway'];
/** Started as processes. */
export const EMBEDDED_RUNS = ['rest-api'];

export async function startEmbedded(log) {
  const db = await openBenchDatabase(log);
  let service = await startService(db.env);
  return {
    name: 'embedded',
    label: `the single-process service on ${db.label}`,
    db,
    get service() {
      return service;
    },
    /** A fresh service process on the same database and port. */
    async restart() {
      await service.stop();
      service = await startService(db.env, service.port);
      return service;
    },
    async stop() {
      await service.stop();
    },
  };
}
