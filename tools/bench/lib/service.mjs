// The service under test: the built single-process app (REST + /mcp) as a child process on
// a free loopback port, ready once GET /healthz answers. BENCH_SERVICE_NODE_ARGS adds node
// flags to it (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile a run).
import { spawnTracked } from './children.mjs';
import { ROOT, SERVICE_MAIN } from './paths.mjs';
import { freePort } from './ports.mjs';

// A fresh PGlite folder is created and migrated at start: 5-10 s here, over a minute on a loaded machine.
const START_TIMEOUT_MS = 240_000;

async function waitForHealth(url, running) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (running.child.exitCode !== null) throw new Error(`the service exited early (${running.child.exitCode}):\n${running.output()}`);
    try {
      const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`no /healthz at ${url} within ${START_TIMEOUT_MS / 1000} s:\n${running.output()}`);
}

function nodeArgs() {
  const extra = process.env.BENCH_SERVICE_NODE_ARGS;
  return extra ? extra.split(/\s+/).filter(Boolean) : [];
}

/** Starts the service on the given database settings (DATABASE_URL or DATA_DIR); `port` to reuse one. */
export async function startService(databaseEnv, port) {
  port ??= await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = { PATH: process.env.PATH ?? '', PORT: String(port), HOST: '127.0.0.1', BASE_URL: url, LOG_LEVEL: 'warn', ...databaseEnv };
  const running = spawnTracked('service', process.execPath, [...nodeArgs(), SERVICE_MAIN], { cwd: ROOT, env });
  try {
    await waitForHealth(url, running);
  } catch (error) {
    await running.stop();
    throw error;
  }
  const self = [{ name: 'service', pid: running.child.pid }];
  return {
    url,
    port,
    pid: running.child.pid,
    /** The processes doing a kind of work ('rest-api', 'render-worker'): this one process for every kind. */
    processes: () => self,
    alive: () => running.child.exitCode === null && running.child.signalCode === null,
    exitCode: () => running.child.exitCode ?? running.child.signalCode,
    output: running.output,
    stop: () => running.stop(),
  };
}
