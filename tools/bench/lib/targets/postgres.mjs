// The postgres target: the same single process as the embedded target, on a fresh database of
// the loopback PostgreSQL server (DATABASE_URL, else postgres://postgres@127.0.0.1:5432),
// created and dropped by the runner.
import { openBenchPostgres } from '../database.mjs';
import { EMBEDDED_BUILD, EMBEDDED_RUNS, startSingleProcess } from './embedded.mjs';

export const POSTGRES_BUILD = EMBEDDED_BUILD;
export const POSTGRES_RUNS = EMBEDDED_RUNS;

export async function startPostgres(log) {
  return startSingleProcess('postgres', await openBenchPostgres(log));
}
