#!/usr/bin/env node
// `npm test`: install what is missing, then lint, typecheck and every project's vitest suite
// through Nx. The closing line is the sum of every suite's own results.
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureReady, root, run } from './ensure-ready.mjs';

ensureReady();
const reports = path.join(root, 'dist', 'test-results');
rmSync(reports, { recursive: true, force: true });

const env = { ...process.env, NX_NO_CLOUD: 'true', NX_DAEMON: 'false', NX_TUI: 'false', FORCE_COLOR: process.env.FORCE_COLOR ?? '0' };
const nx = path.join(root, 'node_modules', '.bin', 'nx');
const status = run(nx, ['run-many', '-t', 'lint', 'typecheck', 'test', '--outputStyle=static', ...process.argv.slice(2)], { env });

let passed = 0;
let failed = 0;
let skipped = 0;
let suites = 0;
if (existsSync(reports)) {
  for (const file of readdirSync(reports).filter((name) => name.endsWith('.json'))) {
    const report = JSON.parse(readFileSync(path.join(reports, file), 'utf8'));
    suites += 1;
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  }
}
if (status !== 0 && failed === 0) failed = 1; // lint, typecheck or a crashed suite failed
console.log(`\n${suites} test projects`);
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(status === 0 && failed === 0 ? 0 : 1);
