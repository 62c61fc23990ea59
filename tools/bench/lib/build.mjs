// Builds what the bench runs (the target's apps) with the same Nx command as the README.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { runVisible } from './children.mjs';
import { ROOT, appMain } from './paths.mjs';

export async function buildService(projects) {
  const nx = path.join(ROOT, 'node_modules', '.bin', 'nx');
  const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };
  const code = await runVisible('nx build', nx, ['run-many', '-t', 'build', '-p', ...projects, '--outputStyle=static'], { cwd: ROOT, env }, 600_000);
  if (code !== 0) throw new Error(`the build failed (nx exit code ${code})`);
}

/** The apps the target starts must be built (`runs`: the apps it starts as processes). */
export function assertBuilt(runs) {
  const missing = runs.map(appMain).filter((main) => !existsSync(main));
  if (missing.length > 0) {
    throw new Error(`${missing.map((main) => path.relative(ROOT, main)).join(', ')} missing: build first (drop --no-build)`);
  }
}
