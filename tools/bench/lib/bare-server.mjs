// Starts and stops the bare node:http + pg baseline server (baselines/bare-read-server.mjs).
import path from 'node:path';
import { BENCH_DIR, ROOT } from './paths.mjs';
import { spawnTracked } from './children.mjs';

/** `databaseEnv`: { DATABASE_URL } (PostgreSQL) or { DATA_DIR } (a PGlite folder no other process has open). */
export async function startBareReadServer(databaseEnv) {
  const script = path.join(BENCH_DIR, 'baselines', 'bare-read-server.mjs');
  const env = { PATH: process.env.PATH ?? '', ...databaseEnv, PORT: '0' };
  const running = spawnTracked('bare read server', process.execPath, [script], { cwd: ROOT, env });
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`bare read server did not start: ${running.output()}`)), 15_000);
    running.child.stdout.on('data', () => {
      const match = /listening (\d+)/.exec(running.output());
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    running.child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`bare read server exited (${code}): ${running.output()}`));
    });
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => running.stop() };
}
