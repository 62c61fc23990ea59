// `npm run cluster` (tools/cluster/run.mjs) started by a test: the built apps, on the port,
// database and Redis database the test chose; resolves once the runner says it is ready.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { until } from './processes.js';

export const WORKSPACE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** What the runner writes to --state-file once ready. */
export type ClusterState = {
  baseUrl: string;
  edgeUrl: string;
  runnerPid: number;
  nginxConfig: string;
  accessLog?: string;
  processes: { name: string; pid: number; url?: string }[];
};

export type ClusterOptions = {
  port: number;
  databaseUrl: string;
  redisUrl: string;
  /** where the runner writes its state (--state-file) */
  stateFile: string;
  /** more runner arguments (--no-build is always given) */
  args?: string[];
  /** more environment for the runner (e.g. CLUSTER_AUTH_REPLICAS) */
  env?: Record<string, string>;
  timeoutMs?: number;
  /** everything the runner and its apps print */
  onOutput?: (text: string) => void;
};

/**
 * Starts the runner on already built apps. `ready` resolves (bounded) with its state once it
 * says it is ready, and rejects with its output when it exits first or takes too long; the
 * caller stops `runner` in every case.
 */
export function startCluster(options: ClusterOptions): { runner: ChildProcess; output: () => string; ready: Promise<ClusterState> } {
  const runner = spawn(process.execPath, [path.join(WORKSPACE_ROOT, 'tools', 'cluster', 'run.mjs'), '--no-build', '--state-file', options.stateFile, ...(options.args ?? [])], {
    cwd: WORKSPACE_ROOT,
    env: {
      PATH: process.env['PATH'] ?? '',
      HOME: process.env['HOME'] ?? tmpdir(),
      PORT: String(options.port),
      DATABASE_URL: options.databaseUrl,
      REDIS_URL: options.redisUrl,
      LOG_LEVEL: 'warn',
      NGINX: process.env['NGINX'] || '/usr/sbin/nginx',
      CLUSTER_READY_TIMEOUT_MS: '45000',
      CLUSTER_STOP_GRACE_MS: '5000',
      ...(process.env['CHROMIUM_PATH'] ? { CHROMIUM_PATH: process.env['CHROMIUM_PATH'] } : {}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    options.onOutput?.(chunk.toString());
  };
  runner.stdout?.on('data', collect);
  runner.stderr?.on('data', collect);
  const ready = until('the cluster did not say it was ready', options.timeoutMs ?? 60_000, () => {
    if (runner.exitCode !== null || runner.signalCode !== null) {
      throw new Error(`the cluster runner exited (${runner.exitCode ?? runner.signalCode}) before it was ready:\n${output}`);
    }
    return output.includes('Cluster ready at') && existsSync(options.stateFile) ? true : undefined;
  }).then(() => JSON.parse(readFileSync(options.stateFile, 'utf8')) as ClusterState);
  return { runner, output: () => output, ready };
}
