#!/usr/bin/env node
// `npm start`: install what is missing, build, then run the service in one process on the
// embedded database (or DATABASE_URL). Ctrl-C and SIGTERM reach the server, which drains
// in-flight requests and closes the database before it exits.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { chromiumHint } from './chromium-hint.mjs';
import { ensureReady, root, run } from './ensure-ready.mjs';

ensureReady();
const env = { ...process.env, NX_NO_CLOUD: 'true', NX_DAEMON: process.env.NX_DAEMON ?? 'false' };
console.error('[start] building...');
if (run(path.join(root, 'node_modules', '.bin', 'nx'), ['run-many', '-t', 'build', '-p', 'rest-api', 'mcp-stdio', 'mcp-gateway', '--outputStyle=static'], { env }) !== 0) {
  process.exit(1);
}

const hint = chromiumHint(process.env);
if (hint) console.error(hint);

const server = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps', 'rest-api', 'dist', 'main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
// The terminal sends Ctrl-C to the whole process group; forward SIGTERM ourselves and
// wait for the server to finish its shutdown.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (signal === 'SIGTERM') server.kill('SIGTERM');
  });
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
