// What `--target` selects: how the service under test is built, started, restarted and
// stopped. The runner and the cases only use this interface:
//   target.name, target.label, target.db (the run's database, for direct SQL),
//   target.service: { url, alive(), exitCode(), output(), processes(app), stop() }
//     (processes(app): the pids doing that app's work, e.g. 'rest-api', 'render-worker';
//     the cluster's service also has `redisUrl`, its own Redis database, for render-scale),
//   target.restart() (a fresh service on the same database), target.stop(),
//   target.withSql(work) (direct SQL; embedded stops its service around it: PGlite's folder is
//   one process's), target.whileStopped(work) (embedded: work while the service is stopped).
import path from 'node:path';
import { RESULTS_DIR } from '../paths.mjs';
import { CLUSTER_APPS, startCluster } from './cluster.mjs';
import { EMBEDDED_BUILD, EMBEDDED_RUNS, startEmbedded } from './embedded.mjs';
import { POSTGRES_BUILD, POSTGRES_RUNS, startPostgres } from './postgres.mjs';

export const TARGET_DEFINITIONS = {
  embedded: { build: EMBEDDED_BUILD, runs: EMBEDDED_RUNS, start: startEmbedded, defaultOut: 'latest.json' },
  postgres: { build: POSTGRES_BUILD, runs: POSTGRES_RUNS, start: startPostgres, defaultOut: 'latest-postgres.json' },
  cluster: { build: CLUSTER_APPS, runs: CLUSTER_APPS, start: startCluster, defaultOut: 'latest-cluster.json' },
};

export function targetDefinition(name) {
  const definition = TARGET_DEFINITIONS[name];
  if (!definition) throw new Error(`no target ${name}; targets: ${Object.keys(TARGET_DEFINITIONS).join(', ')}`);
  return definition;
}

/**
 * A case as it runs on one target: `goal`, `baseline` and `skip` may be one value for every
 * target or an object keyed by target name (a missing key: no skip).
 */
export function caseFor(def, target) {
  const pick = (value) => (value !== null && typeof value === 'object' ? value[target] : value);
  return { ...def, target, goal: pick(def.goal), baseline: pick(def.baseline), skip: pick(def.skip) };
}

/** Where the JSON goes: $BENCH_OUT, else bench/results/latest.json (postgres: latest-postgres.json, cluster: latest-cluster.json). */
export function outputFile(target, env = process.env) {
  return env.BENCH_OUT ? path.resolve(env.BENCH_OUT) : path.join(RESULTS_DIR, targetDefinition(target).defaultOut);
}
