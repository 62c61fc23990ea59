#!/usr/bin/env node
// `npm run cluster`: the docker-compose topology without containers. The local PostgreSQL
// and Redis, two processes each of rest-api, mcp-gateway and render-worker on free loopback
// ports, and nginx rendered from deploy/nginx.conf as the one public origin. Builds the apps
// first (unless --no-build), waits until every app's /readyz answers, prints the address, and
// stops everything on Ctrl-C / SIGTERM. Everything binds 127.0.0.1.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderNginxConfig } from './lib/nginx-config.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const APPS = ['rest-api', 'auth-server', 'web', 'mcp-gateway', 'render-worker'];
const REPLICAS = 2;
const DEFAULT_DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/ontology_cluster';
const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';
const READY_TIMEOUT_MS = Number(process.env.CLUSTER_READY_TIMEOUT_MS ?? 60_000);
const STOP_GRACE_MS = Number(process.env.CLUSTER_STOP_GRACE_MS ?? 20_000);
const OUTPUT_KEPT = 16 * 1024;
// Passed to every app from the runner's environment; nothing else leaks in (an exported
// MCP_ENDPOINT or DATA_DIR must not change the topology).
const PASSED_THROUGH = ['PATH', 'HOME', 'TMPDIR', 'TZ', 'LANG', 'LC_ALL', 'NODE_OPTIONS', 'NODE_EXTRA_CA_CERTS', 'SHUTDOWN_TIMEOUT_MS'];

const USAGE = `usage: npm run cluster [-- --no-build] [--state-file <path>] [--access-log <path>]

Runs the cluster locally: 2 rest-api, 2 web, 2 mcp-gateway, 2 render-worker and 1 auth-server
processes behind nginx.
  --no-build            use the apps' existing dist/ builds
  --state-file <path>   write the address and every process id as JSON once ready
  --access-log <path>   the edge appends one JSON line per request to this file, naming the
                        replica that answered it (method, path without query, status,
                        upstream address, user agent)
Environment: PORT (8080), BASE_URL (http://127.0.0.1:$PORT), DATABASE_URL
(${DEFAULT_DATABASE_URL}, created when missing), REDIS_URL (${DEFAULT_REDIS_URL}),
INTERNAL_TOKEN (random), LOG_LEVEL (warn), CHROMIUM_PATH, REGISTRATION, NGINX (/usr/sbin/nginx),
CLUSTER_AUTH_REPLICAS (1, at most 8), CLUSTER_READY_TIMEOUT_MS (60000) and
CLUSTER_STOP_GRACE_MS (20000, then SIGKILL).`;

const say = (line) => console.log(`cluster: ${line}`);
const fail = (line) => console.error(`cluster: ${line}`);

class UsageError extends Error {}

function parseArgs(argv) {
  const options = { build: true, stateFile: undefined, accessLog: undefined, help: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--no-build') options.build = false;
    else if (arg === '--help' || arg === '-h') options.help = true;
    else if (arg === '--state-file' && argv[i + 1]) options.stateFile = path.resolve(argv[++i]);
    else if (arg === '--access-log' && argv[i + 1]) options.accessLog = path.resolve(argv[++i]);
    else throw new UsageError(`unknown argument ${arg}`);
  }
  return options;
}

function readSettings() {
  const port = Number(process.env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new UsageError(`PORT must be a port number, not ${process.env.PORT}`);
  const baseUrl = (process.env.BASE_URL || `http://127.0.0.1:${port}`).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/?#]+$/.test(baseUrl)) throw new UsageError(`BASE_URL must be an http(s) origin, not ${baseUrl}`);
  const internalToken = process.env.INTERNAL_TOKEN || randomBytes(32).toString('hex');
  if (internalToken.length < 32) throw new UsageError('INTERNAL_TOKEN must be at least 32 characters');
  const authReplicas = Number(process.env.CLUSTER_AUTH_REPLICAS || 1);
  if (!Number.isInteger(authReplicas) || authReplicas < 1 || authReplicas > 8) {
    throw new UsageError(`CLUSTER_AUTH_REPLICAS must be a whole number from 1 to 8, not ${process.env.CLUSTER_AUTH_REPLICAS}`);
  }
  return {
    authReplicas,
    port,
    baseUrl,
    databaseUrl: process.env.DATABASE_URL || DEFAULT_DATABASE_URL,
    redisUrl: process.env.REDIS_URL || DEFAULT_REDIS_URL,
    internalToken,
    logLevel: process.env.LOG_LEVEL || 'warn',
    nginx: process.env.NGINX || '/usr/sbin/nginx',
  };
}

// ---------------------------------------------------------------------------------------
// Preconditions: builds, nginx, PostgreSQL (database created when missing), Redis.

async function build() {
  const { ensureReady } = await import('../scripts/ensure-ready.mjs');
  ensureReady();
  say(`building ${APPS.join(', ')}...`);
  const nx = path.join(ROOT, 'node_modules', '.bin', 'nx');
  const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };
  const code = await new Promise((resolve, reject) => {
    const child = spawn(nx, ['run-many', '-t', 'build', '-p', ...APPS, '--outputStyle=static'], { cwd: ROOT, env, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (status, signal) => resolve(status ?? (signal ? 1 : 0)));
  });
  if (code !== 0) throw new Error(`the build failed (nx exit code ${code})`);
}

function mainOf(app) {
  return path.join(ROOT, 'apps', app, 'dist', 'main.js');
}

function checkInstalled(settings) {
  const missing = APPS.filter((app) => !existsSync(mainOf(app))).map((app) => path.relative(ROOT, mainOf(app)));
  if (missing.length > 0) throw new Error(`${missing.join(', ')} missing: build first (drop --no-build)`);
  if (!existsSync(settings.nginx)) throw new Error(`nginx not found at ${settings.nginx} (apt-get install -y nginx, or set NGINX)`);
  const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(chromium)) say(`warning: no Chromium at ${chromium}: visualize_ontology will answer that no browser is available`);
}

async function ensureDatabase(databaseUrl) {
  const { default: pg } = await import('pg');
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1)) || 'postgres';
  const maintenance = new URL(databaseUrl);
  maintenance.pathname = '/postgres';
  const where = `${url.hostname}:${url.port || 5432}`;
  const client = new pg.Client({ connectionString: maintenance.toString(), connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`PostgreSQL at ${where} does not answer (${error.message}); start it or set DATABASE_URL`, { cause: error });
  }
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount > 0) return `database ${name} on ${where}`;
    try {
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
    } catch (error) {
      if (error.code !== '42P04') throw error; // created meanwhile by someone else
    }
    return `database ${name} on ${where} (created)`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function checkRedis(redisUrl) {
  const { Redis } = await import('ioredis');
  const redis = new Redis(redisUrl, { lazyConnect: true, connectTimeout: 5_000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    throw new Error(`Redis at ${new URL(redisUrl).host} does not answer (${error.message}); start it or set REDIS_URL`, { cause: error });
  }
  try {
    const [, policy] = await redis.config('GET', 'maxmemory-policy');
    if (policy && policy !== 'noeviction') say(`warning: Redis maxmemory-policy is ${policy}; BullMQ needs noeviction`);
  } catch {
    // CONFIG may be disabled (managed Redis): nothing to check then.
  } finally {
    redis.disconnect();
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function assertPortFree(port) {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', () => reject(new Error(`port ${port} on 127.0.0.1 is in use: set PORT to another one`)));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve()));
  });
}

// ---------------------------------------------------------------------------------------
// Processes. Each child runs in its own process group (detached), so a Ctrl-C reaches only
// this runner, which stops the children in order: edge, gateways and REST, then workers.

const children = [];
let stopping;
let ready = false;

function forward(child, name, stream, target) {
  let pending = '';
  stream.on('data', (chunk) => {
    const text = pending + chunk.toString();
    const lines = text.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) target.write(`${name} | ${line}\n`);
    child.output = (child.output + text.slice(0, text.length - pending.length)).slice(-OUTPUT_KEPT);
  });
  stream.on('end', () => {
    if (pending) target.write(`${name} | ${pending}\n`);
  });
}

function startChild(name, command, args, env, options = {}) {
  const proc = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const child = { name, proc, pid: proc.pid, url: options.url, stopSignal: options.stopSignal ?? 'SIGTERM', output: '', exited: false };
  proc.once('error', (error) => {
    child.exited = true;
    child.output += `\n${error.message}`;
  });
  forward(child, name, proc.stdout, process.stdout);
  forward(child, name, proc.stderr, process.stderr);
  proc.once('exit', (code, signal) => {
    child.exited = true;
    if (stopping) return;
    fail(`${name} exited unexpectedly (${signal ?? `code ${code}`}); stopping the cluster`);
    void shutdown(1);
  });
  children.push(child);
  say(`started ${name} (pid ${proc.pid})${options.url ? ` on ${options.url}` : ''}`);
  return child;
}

function waitForExit(child, ms) {
  if (child.exited || child.proc.exitCode !== null || child.proc.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.proc.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** The pids below `root` (Linux /proc; empty elsewhere): Chromium runs in a process group of its own. */
function descendantsOf(root) {
  if (!existsSync('/proc')) return [];
  const parentOf = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // exited meanwhile
    }
  }
  const found = [];
  const queue = [root];
  while (queue.length > 0) {
    const parent = queue.shift();
    for (const [pid, ppid] of parentOf) {
      if (ppid === parent) {
        found.push(pid);
        queue.push(pid);
      }
    }
  }
  return found;
}

/** SIGKILL for the child, its process group and everything it started. */
function killTree(child) {
  const below = descendantsOf(child.pid);
  for (const target of [-child.pid, child.pid, ...below]) {
    try {
      process.kill(target, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

async function stopChild(child) {
  if (child.exited) return true;
  try {
    child.proc.kill(child.stopSignal);
  } catch {
    return true;
  }
  if (await waitForExit(child, STOP_GRACE_MS)) return true;
  fail(`${child.name} did not stop within ${STOP_GRACE_MS / 1000} s; killing it`);
  killTree(child);
  await waitForExit(child, 5_000);
  return false;
}

let tempDir;

function shutdown(exitCode) {
  stopping ??= (async () => {
    const order = [['edge'], ['mcp-gateway', 'auth-server', 'web', 'rest-api'], ['render-worker']];
    let clean = true;
    for (const kinds of order) {
      const group = children.filter((child) => kinds.some((kind) => child.name === kind || child.name.startsWith(`${kind}-`)));
      const results = await Promise.all(group.map((child) => stopChild(child)));
      clean &&= results.every(Boolean);
    }
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
    say(clean ? 'stopped' : 'stopped (some processes had to be killed)');
    process.exit(exitCode === 0 && !clean ? 1 : exitCode);
  })();
  return stopping;
}

// Last resort (an exception in the runner itself): no child outlives it.
process.on('exit', () => {
  for (const child of children) if (!child.exited) killTree(child);
});

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (stopping) {
      fail(`${signal} again: killing everything now`);
      process.exit(130);
    }
    say(`${signal}: stopping the cluster...`);
    void shutdown(ready ? 0 : 130);
  });
}

async function waitUntilReady(child, url, timeoutMs = READY_TIMEOUT_MS) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (stopping) throw new Error('stopping');
    if (child.exited) throw new Error(`${child.name} exited before it was ready:\n${child.output.trim().split('\n').slice(-15).join('\n')}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
      last = `${response.status} ${await response.text()}`;
    } catch (error) {
      last = error.cause?.code ?? error.message;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${child.name}: ${url} not ready within ${timeoutMs / 1000} s (last: ${last})`);
}

function appEnv(settings, extra) {
  const env = {};
  for (const key of PASSED_THROUGH) if (process.env[key] !== undefined) env[key] = process.env[key];
  return { ...env, HOST: '127.0.0.1', LOG_LEVEL: settings.logLevel, ...extra };
}

async function startApp(settings, app, index, extra) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = appEnv(settings, { PORT: String(port), ...extra });
  return { child: startChild(`${app}-${index}`, process.execPath, [mainOf(app)], env, { url }), url };
}

async function main(options) {
  const settings = readSettings();
  if (options.build) await build();
  checkInstalled(settings);
  await assertPortFree(settings.port);
  say(`PostgreSQL: ${await ensureDatabase(settings.databaseUrl)}`);
  await checkRedis(settings.redisUrl);
  say(`Redis: ${new URL(settings.redisUrl).host}${new URL(settings.redisUrl).pathname}`);

  const restEnv = {
    BASE_URL: settings.baseUrl,
    DATABASE_URL: settings.databaseUrl,
    REDIS_URL: settings.redisUrl,
    RENDER_QUEUE: 'bullmq',
    MCP_ENDPOINT: 'off',
    AUTH_ENDPOINT: 'off',
    TRUST_PROXY: '1',
    INTERNAL_TOKEN: settings.internalToken,
    ...(process.env.REGISTRATION ? { REGISTRATION: process.env.REGISTRATION } : {}),
  };

  // The first REST replica migrates the database (and creates the OAuth keys) alone.
  const rest = [await startApp(settings, 'rest-api', 1, restEnv)];
  await waitUntilReady(rest[0].child, `${rest[0].url}/readyz`);
  for (let i = 2; i <= REPLICAS; i++) rest.push(await startApp(settings, 'rest-api', i, restEnv));

  // Authorization servers (one unless CLUSTER_AUTH_REPLICAS): OAuth, sign-in and settings;
  // they run the account use cases themselves, on the shared database.
  const auths = [];
  for (let i = 1; i <= settings.authReplicas; i++) {
    auths.push(
      await startApp(settings, 'auth-server', i, {
        BASE_URL: settings.baseUrl,
        DATABASE_URL: settings.databaseUrl,
        REDIS_URL: settings.redisUrl,
        TRUST_PROXY: '1',
      }),
    );
  }

  // The web interface for people: pages over the use cases, on the shared database.
  const webs = [];
  for (let i = 1; i <= REPLICAS; i++) {
    webs.push(
      await startApp(settings, 'web', i, {
        BASE_URL: settings.baseUrl,
        DATABASE_URL: settings.databaseUrl,
        TRUST_PROXY: '1',
      }),
    );
  }

  const gateways = [];
  for (let i = 1; i <= REPLICAS; i++) {
    const upstream = rest[(i - 1) % rest.length].url;
    gateways.push(
      await startApp(settings, 'mcp-gateway', i, {
        BASE_URL: settings.baseUrl,
        REST_INTERNAL_URL: upstream,
        AUTH_INTERNAL_URL: auths[(i - 1) % auths.length].url,
        INTERNAL_TOKEN: settings.internalToken,
        REDIS_URL: settings.redisUrl,
      }),
    );
  }
  const workers = [];
  for (let i = 1; i <= REPLICAS; i++) {
    workers.push(
      await startApp(settings, 'render-worker', i, {
        REDIS_URL: settings.redisUrl,
        DATABASE_URL: settings.databaseUrl,
        ...(process.env.CHROMIUM_PATH ? { CHROMIUM_PATH: process.env.CHROMIUM_PATH } : {}),
      }),
    );
  }
  await Promise.all([...rest.slice(1), ...auths, ...webs, ...gateways, ...workers].map(({ child, url }) => waitUntilReady(child, `${url}/readyz`)));

  tempDir = mkdtempSync(path.join(tmpdir(), 'oms-cluster-'));
  const edgeUrl = `http://127.0.0.1:${settings.port}`;
  const config = renderNginxConfig(readFileSync(path.join(ROOT, 'deploy', 'nginx.conf'), 'utf8'), {
    listen: `127.0.0.1:${settings.port}`,
    upstreams: {
      rest_api: rest.map(({ url }) => new URL(url).host),
      auth_server: auths.map(({ url }) => new URL(url).host),
      web: webs.map(({ url }) => new URL(url).host),
      mcp_gateway: gateways.map(({ url }) => new URL(url).host),
    },
    dir: tempDir,
    accessLog: ['info', 'debug', 'trace'].includes(settings.logLevel),
    ...(options.accessLog ? { accessLogFile: options.accessLog } : {}),
    runAsRoot: process.getuid?.() === 0,
  });
  const configFile = path.join(tempDir, 'nginx.conf');
  writeFileSync(configFile, config);
  const edge = startChild('edge', settings.nginx, ['-p', `${tempDir}/`, '-c', configFile, '-e', 'stderr'], appEnv(settings, {}), {
    url: edgeUrl,
    stopSignal: 'SIGQUIT',
  });
  await waitUntilReady(edge, `${edgeUrl}/healthz`);
  // Through the edge to both kinds of upstream, so a routing mistake shows now.
  await waitUntilReady(edge, `${edgeUrl}/.well-known/oauth-authorization-server`);
  await waitUntilReady(edge, `${edgeUrl}/.well-known/oauth-protected-resource/mcp`);

  ready = true;
  const state = {
    baseUrl: settings.baseUrl,
    edgeUrl,
    runnerPid: process.pid,
    nginxConfig: configFile,
    ...(options.accessLog ? { accessLog: options.accessLog } : {}),
    processes: children.map(({ name, pid, url }) => ({ name, pid, url })),
  };
  if (options.stateFile) writeFileSync(options.stateFile, `${JSON.stringify(state, null, 2)}\n`);
  console.log('');
  for (const { name, pid, url } of state.processes) console.log(`  ${name.padEnd(16)} pid ${String(pid).padEnd(8)} ${url ?? ''}`);
  const where = settings.baseUrl === edgeUrl ? edgeUrl : `${settings.baseUrl} (edge on ${edgeUrl})`;
  console.log(`\nCluster ready at ${where}. Ctrl-C stops everything.`);
}

let options;
try {
  options = parseArgs(process.argv.slice(2));
} catch (error) {
  console.error(`${error.message}\n${USAGE}`);
  process.exit(2);
}
if (options.help) {
  console.log(USAGE);
  process.exit(0);
}
main(options).catch((error) => {
  if (stopping) return;
  if (error instanceof UsageError) {
    console.error(`${error.message}\n${USAGE}`);
    process.exit(2);
  }
  fail(error.message);
  void shutdown(1);
});
