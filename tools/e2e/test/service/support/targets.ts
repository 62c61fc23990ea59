// The two targets of the service suite. `embedded`: the built rest-api main as `npm start`
// runs it, one process with /mcp, the authorization server and in-process renders, on a fresh
// database (PostgreSQL when DATABASE_URL is set, else PGlite in a temp folder). `cluster`:
// `npm run cluster --no-build` on a free port, a fresh PostgreSQL database and a Redis
// database of its own, with two auth-server replicas and the edge's access log. The suite
// sees only `baseUrl`; the cluster's access log and replica addresses are for the tests
// that check which replica served a request.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import {
  alive,
  chromiumAvailable,
  descendants,
  dropDatabase,
  freePort,
  postgresAnswers,
  processTable,
  redisAnswers,
  startCluster as startClusterRunner,
  until,
  withDatabase,
  type ClusterState,
  type ProcInfo,
} from '@oms/testing';
import { databaseEnv, startApp } from '../../support/processes.js';

export type TargetName = 'embedded' | 'cluster';

/** One line of the edge's access log (tools/cluster/lib/nginx-config.mjs, `accessLogFile`). */
export type AccessLogEntry = { time: number; method: string; path: string; status: number; upstream: string; user_agent: string };

export type StopResult = { code: number | null; signal: NodeJS.Signals | null; left: ProcInfo[] };

export interface ServiceTarget {
  name: TargetName;
  /** The public origin: the only address the suite's clients use. */
  baseUrl: string;
  /** Cluster only: the edge's access log so far. */
  accessLog?: () => AccessLogEntry[];
  /** Cluster only: which app a host:port of the access log belongs to (`rest-api`, `auth-server`, ...). */
  appAt?: (upstream: string) => string | undefined;
  /** Cluster only: how many replicas of each app run. */
  replicas?: Record<string, number>;
  /** What the processes printed (for failure messages). */
  output(): string;
  /** Stops every process the target started (bounded) and answers what is still running. */
  stop(): Promise<StopResult>;
}

const DATABASE_URL = process.env['DATABASE_URL'] || 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env['REDIS_URL'] || 'redis://127.0.0.1:6379';
const NGINX = process.env['NGINX'] || '/usr/sbin/nginx';
/** Redis database of this suite's cluster (the cluster test uses 9, the bench 7). */
export const REDIS_DB = 10;
export const AUTH_REPLICAS = 2;
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 20_000;
const GONE_TIMEOUT_MS = 8_000;

/** What the target needs and this machine lacks (empty: it can run). */
/** What the target needs, and whether each is here (for suiteCanRun). */
export async function needsOf(name: TargetName): Promise<Record<string, boolean>> {
  if (name === 'embedded') return { Chromium: chromiumAvailable() };
  return {
    Chromium: chromiumAvailable(),
    [`nginx (${NGINX})`]: existsSync(NGINX),
    [`PostgreSQL (${new URL(DATABASE_URL).host})`]: await postgresAnswers(DATABASE_URL),
    [`Redis (${new URL(REDIS_URL).host})`]: await redisAnswers(REDIS_URL),
  };
}

export function startTarget(name: TargetName): Promise<ServiceTarget> {
  return name === 'embedded' ? startEmbedded() : startCluster();
}

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (exited(child)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** Stops `child` with `signal`; SIGKILLs it and everything below it when it does not exit in time. */
async function stopTree(child: ChildProcess, signal: NodeJS.Signals): Promise<StopResult> {
  const self = processTable().get(child.pid ?? -1);
  const started = [...(self ? [self] : []), ...descendants(child.pid ?? -1)];
  if (!exited(child)) child.kill(signal);
  if (!(await waitForExit(child, STOP_TIMEOUT_MS))) {
    for (const info of started) if (alive(info)) process.kill(info.pid, 'SIGKILL');
    await waitForExit(child, 5_000);
  }
  const left = await until('processes were still running', GONE_TIMEOUT_MS, () => (started.some(alive) ? undefined : [])).catch(() => started.filter(alive));
  return { code: child.exitCode, signal: child.signalCode, left };
}

async function startEmbedded(): Promise<ServiceTarget> {
  const database = await databaseEnv();
  const app = await startApp('rest-api', {
    ...database.env,
    ...(process.env['CHROMIUM_PATH'] ? { CHROMIUM_PATH: process.env['CHROMIUM_PATH'] } : {}),
  }).catch(async (error: unknown) => {
    await database.dispose();
    throw error;
  });
  let stopped: Promise<StopResult> | undefined;
  return {
    name: 'embedded',
    baseUrl: app.url,
    output: app.output,
    stop: () =>
      (stopped ??= (async () => {
        try {
          return await stopTree(app.process, 'SIGTERM');
        } finally {
          await database.dispose();
        }
      })()),
  };
}

async function flushRedisDatabase(url: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: 3_000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.flushdb();
  } finally {
    redis.disconnect();
  }
}

async function startCluster(): Promise<ServiceTarget> {
  const port = await freePort();
  const databaseName = `oms_e2e_${process.pid}_${randomBytes(4).toString('hex')}`;
  const workDir = mkdtempSync(path.join(tmpdir(), 'oms-e2e-cluster-'));
  const stateFile = path.join(workDir, 'state.json');
  const accessLogFile = path.join(workDir, 'access.log');
  const redisUrl = new URL(REDIS_URL);
  redisUrl.pathname = `/${REDIS_DB}`;
  // Render results are cached in Redis by commit hash: start from an empty database of our own.
  await flushRedisDatabase(redisUrl.toString());

  const { runner, output, ready } = startClusterRunner({
    port,
    databaseUrl: withDatabase(DATABASE_URL, databaseName),
    redisUrl: redisUrl.toString(),
    stateFile,
    args: ['--access-log', accessLogFile],
    env: { CLUSTER_AUTH_REPLICAS: String(AUTH_REPLICAS) },
    timeoutMs: START_TIMEOUT_MS,
  });
  let stopped: Promise<StopResult> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      try {
        return await stopTree(runner, 'SIGINT');
      } finally {
        await dropDatabase(DATABASE_URL, databaseName).catch(() => undefined);
        rmSync(workDir, { recursive: true, force: true });
      }
    })());

  let state: ClusterState;
  try {
    state = await ready;
  } catch (error) {
    await stop();
    throw error;
  }

  const appOf = new Map<string, string>();
  const replicas: Record<string, number> = {};
  for (const { name, url } of state.processes) {
    const app = name.replace(/-\d+$/, '');
    replicas[app] = (replicas[app] ?? 0) + 1;
    if (url) appOf.set(new URL(url).host, app);
  }
  return {
    name: 'cluster',
    baseUrl: state.baseUrl,
    replicas,
    accessLog: () =>
      existsSync(accessLogFile)
        ? readFileSync(accessLogFile, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((line) => JSON.parse(line) as AccessLogEntry)
        : [],
    // After a retry nginx lists every upstream it tried; the last one answered.
    appAt: (upstream) => appOf.get(upstream.split(',').pop()?.trim() ?? ''),
    output,
    stop,
  };
}
