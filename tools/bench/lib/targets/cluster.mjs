// The cluster target: `npm run cluster` (tools/cluster/run.mjs --no-build --state-file ...)
// on a free loopback port, a fresh PostgreSQL database and a Redis database of its own. The
// cases talk to the nginx edge only. The runner is stopped with SIGINT (it stops its apps in
// order) within a bounded wait; past it, the runner and every process it had started (as
// listed from /proc just before) are killed.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { onCleanup, wasInterrupted } from '../cleanup.mjs';
import { exited } from '../children.mjs';
import { openBenchPostgres } from '../database.mjs';
import { CLUSTER_RUNNER, ROOT } from '../paths.mjs';
import { freePort } from '../ports.mjs';
import { descendantsOf, killListed, stillRunning } from '../process-tree.mjs';
import { openBenchRedis } from '../redis.mjs';

/** What `npm run cluster` starts (it checks each is built); all are built before a run. */
export const CLUSTER_APPS = ['rest-api', 'auth-server', 'web', 'mcp-gateway', 'render-worker'];

const OUTPUT_LIMIT = 64 * 1024;
// The runner waits up to 60 s for each app; this bounds the whole start.
const START_TIMEOUT_MS = 150_000;
// The runner stops three groups (edge; gateways, auth and REST; workers), each within its
// grace (10 s here, apps asked to finish within 8 s), so a clean stop takes far less than this.
const STOP_TIMEOUT_MS = 45_000;
const RUNNER_GRACE_MS = 10_000;
const APP_SHUTDOWN_MS = 8_000;

function runnerEnv({ port, databaseUrl, redisUrl }) {
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? tmpdir(),
    PORT: String(port),
    BASE_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    LOG_LEVEL: 'warn',
    CLUSTER_READY_TIMEOUT_MS: '60000',
    CLUSTER_STOP_GRACE_MS: String(RUNNER_GRACE_MS),
    SHUTDOWN_TIMEOUT_MS: String(APP_SHUTDOWN_MS),
  };
  for (const key of ['NGINX', 'CHROMIUM_PATH', 'TMPDIR', 'TZ', 'LANG']) if (process.env[key]) env[key] = process.env[key];
  return env;
}

async function stopRunner(child, log) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const started = descendantsOf(child.pid);
  child.kill('SIGINT');
  if (!(await exited(child, STOP_TIMEOUT_MS))) {
    log(`the cluster runner did not stop within ${STOP_TIMEOUT_MS / 1000} s; killing it and its ${started.length} processes`);
    child.kill('SIGKILL');
    await exited(child, 5_000);
  }
  // Whatever it started and left behind (nothing, when it stopped cleanly).
  const left = started.filter(stillRunning);
  if (left.length > 0) {
    log(`killing ${left.length} process(es) the cluster runner left behind: ${left.map((info) => info.pid).join(', ')}`);
    killListed(left);
  }
}

async function waitUntilReady(child, stateFile, output) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the cluster runner exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${output().trim().split('\n').slice(-20).join('\n')}`);
    }
    if (wasInterrupted()) throw new Error('interrupted while the cluster was starting');
    if (output().includes('Cluster ready at') && existsSync(stateFile)) return JSON.parse(readFileSync(stateFile, 'utf8'));
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the cluster was not ready within ${START_TIMEOUT_MS / 1000} s:\n${output().trim().split('\n').slice(-20).join('\n')}`);
}

/** Starts the runner and waits until it wrote its state file; the result is what cases call `ctx.service`. */
async function launch({ port, databaseUrl, redisUrl, log }) {
  if (wasInterrupted()) throw new Error('interrupted: the cluster was not started');
  const dir = mkdtempSync(path.join(tmpdir(), 'oms-bench-cluster-'));
  const stateFile = path.join(dir, 'state.json');
  // Its own process group: a Ctrl-C in the terminal reaches the bench only, which then stops
  // the runner once (a second SIGINT would make the runner kill its apps at once).
  const child = spawn(process.execPath, [CLUSTER_RUNNER, '--no-build', '--state-file', stateFile], {
    cwd: ROOT,
    env: runnerEnv({ port, databaseUrl, redisUrl }),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let kept = '';
  const keep = (chunk) => {
    kept = (kept + chunk.toString()).slice(-OUTPUT_LIMIT);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  child.once('error', (error) => keep(`\n${error.message}\n`));
  const output = () => kept;
  // One stop, however many ask (Ctrl-C's cleanup and a failing case's restart may both): a
  // second SIGINT would make the runner kill its apps at once instead of stopping them.
  let stopping;
  const stop = () =>
    (stopping ??= (async () => {
      try {
        await stopRunner(child, log);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    })());
  const forget = onCleanup('cluster', stop);
  let state;
  try {
    state = await waitUntilReady(child, stateFile, output);
  } catch (error) {
    forget();
    await stop();
    throw error;
  }
  const url = state.edgeUrl;
  return {
    url,
    port,
    redisUrl,
    state,
    /** The cluster's processes of one app ('rest-api', 'render-worker', ...), from its state file. */
    processes: (app) => state.processes.filter((entry) => entry.name.startsWith(`${app}-`)).map(({ name, pid }) => ({ name, pid })),
    // The runner stops the whole cluster when any of its processes exits, so the runner's
    // life is the cluster's.
    alive: () => child.exitCode === null && child.signalCode === null,
    exitCode: () => child.exitCode ?? child.signalCode,
    output,
    stop: async () => {
      forget();
      await stop();
    },
  };
}

export async function startCluster(log) {
  const db = await openBenchPostgres(log, { prefix: 'oms_bench_cluster' });
  const redis = await openBenchRedis(log);
  const port = await freePort();
  const settings = { port, databaseUrl: db.url, redisUrl: redis.url, log };
  let service = await launch(settings);
  const counts = CLUSTER_APPS.map((app) => `${service.processes(app).length} ${app}`).join(', ');
  return {
    name: 'cluster',
    label: `npm run cluster (${counts}, nginx edge on ${service.url}) on ${db.label} and ${redis.label}`,
    db,
    redis,
    get service() {
      return service;
    },
    /** A fresh cluster (every process started anew) on the same database, Redis database and port. */
    async restart() {
      await service.stop();
      service = await launch(settings);
      return service;
    },
    /** PostgreSQL is shared: nothing needs stopping. */
    whileStopped: (work) => work(),
    withSql: (work) => db.withSql(work),
    async stop() {
      await service.stop();
    },
  };
}
