// The embedded target (default): the single-process service (REST, /mcp and in-process
// renders) on a fresh PGlite folder, as `npm start` runs it. PGlite is one process's at a
// time, so direct SQL (seeding, a copy for a baseline) stops the service around it and starts
// it again on the same port.
import { openBenchPglite } from '../database.mjs';
import { startService } from '../service.mjs';

/** Built before the run (the same projects as before the cluster target existed). */
export const EMBEDDED_BUILD = ['rest-api', 'mcp-stdio', 'mcp-gateway'];
/** Started as processes. */
export const EMBEDDED_RUNS = ['rest-api'];

/** The single process on `db` (embedded: PGlite; postgres: a PostgreSQL database), named `name`. */
export async function startSingleProcess(name, db) {
  // Settings on top of the database's, from the last restart that gave some (commit-terms).
  let extraEnv = {};
  let service = await startService(db.env);
  const restart = async (env) => {
    if (env !== undefined) extraEnv = env;
    await service.stop();
    service = await startService({ ...db.env, ...extraEnv }, service.port);
    return service;
  };
  /** `work()` while no process has the database open (PGlite's folder is one process's). */
  const whileStopped = async (work) => {
    if (db.kind !== 'pglite') return work();
    await service.stop();
    try {
      return await work();
    } finally {
      service = await startService({ ...db.env, ...extraEnv }, service.port);
    }
  };
  return {
    name,
    label: `the single-process service on ${db.label}`,
    db,
    get service() {
      return service;
    },
    /** A fresh service process on the same database and port; `env` (kept for later restarts) adds settings. */
    restart,
    whileStopped,
    /** `work(sql)` with direct SQL on the run's database (`sql.query(text, params)` gives `{ rows }`). */
    withSql: (work) => whileStopped(() => db.withSql(work)),
    async stop() {
      await service.stop();
    },
  };
}

export async function startEmbedded() {
  return startSingleProcess('embedded', await openBenchPglite());
}
