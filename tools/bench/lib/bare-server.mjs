// Starts and stops the bare node:http baseline servers (baselines/bare-read-server.mjs, bare-file-server.mjs).
import path from 'node:path';
import { BENCH_DIR, ROOT } from './paths.mjs';
import { spawnTracked } from './children.mjs';

/** `databaseEnv`: { DATABASE_URL } (PostgreSQL) or { DATA_DIR } (a PGlite folder no other process has open). */
export function startBareReadServer(databaseEnv) {
  return startBaseline('bare read server', 'bare-read-server.mjs', databaseEnv);
}

/** The bare node:http server that streams `file` from disk (baselines/bare-file-server.mjs). */
export function startBareFileServer(file) {
  return startBaseline('bare file server', 'bare-file-server.mjs', { FILE: file });
}

async function startBaseline(label, scriptName, extraEnv) {
  const script = path.join(BENCH_DIR, 'baselines', scriptName);
  const env = { PATH: process.env.PATH ?? '', ...extraEnv, PORT: '0' };
  const running = spawnTracked(label, process.execPath, [script], { cwd: ROOT, env });
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${label} did not start: ${running.output()}`)), 15_000);
    running.child.stdout.on('data', () => {
      const match = /listening (\d+)/.exec(running.output());
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    running.child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${label} exited (${code}): ${running.output()}`));
    });
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => running.stop() };
}
