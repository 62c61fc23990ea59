// Builds what the bench runs (the service apps) with the same Nx command as the README.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { runVisible } from './children.mjs';
import { ROOT, SERVICE_MAIN } from './paths.mjs';

const PROJECTS = ['rest-api', 'mcp-stdio', 'mcp-gateway'];

export async function buildService() {
  const nx = path.join(ROOT, 'node_modules', '.bin', 'nx');
  const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };
  const code = await runVisible('nx build', nx, ['run-many', '-t', 'build', '-p', ...PROJECTS, '--outputStyle=static'], { cwd: ROOT, env }, 600_000);
  if (code !== 0) throw new Error(`the build failed (nx exit code ${code})`);
}

export function assertBuilt() {
  if (!existsSync(SERVICE_MAIN)) {
    throw new Error(`${path.relative(ROOT, SERVICE_MAIN)} is missing: build first (drop --no-build)`);
  }
}
