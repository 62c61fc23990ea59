#!/usr/bin/env node
// `npm run test:large`: install what is missing, build the service (skip with --no-build), then
// run tools/bench/large-test (an ontology of LARGE_MB, default 200, MB created, updated,
// downloaded, diffed and term-indexed through the real HTTP service; LARGE_TARGET=postgres runs
// it on a fresh PostgreSQL database instead of PGlite). Takes many minutes: not part of `npm test`.
import path from 'node:path';
import { ensureReady, root, run } from './ensure-ready.mjs';

ensureReady();
const env = { ...process.env, NX_NO_CLOUD: 'true', NX_DAEMON: 'false', NX_TUI: 'false' };
if (!process.argv.includes('--no-build')) {
  const status = run(path.join(root, 'node_modules', '.bin', 'nx'), ['run-many', '-t', 'build', '-p', 'rest-api', '--outputStyle=static'], { env });
  if (status !== 0) process.exit(status);
}
process.exit(run(path.join(root, 'node_modules', '.bin', 'vitest'), ['run', '--config', 'vitest.large.config.mjs'], { env, cwd: path.join(root, 'tools', 'bench') }));
