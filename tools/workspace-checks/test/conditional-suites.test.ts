// A suite that runs only when a service is here (PostgreSQL, Redis, nginx, Chromium) must fail,
// not skip, under REQUIRE_SERVICES=1: so every `runIf`/`skipIf` guard is a suiteCanRun(...)
// call (libs/testing: it throws under REQUIRE_SERVICES=1 when something is missing), and no
// test is left skipped outright.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const TEST_FILE = /^(apps|libs|tools)\/.*\.(test|spec)\.(ts|mts|js|mjs)$/;

function testFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'apps', 'libs', 'tools'], { cwd: root, encoding: 'utf8' });
  return listed.split('\n').filter((file) => TEST_FILE.test(file) && !file.startsWith('tools/workspace-checks/'));
}

/** The guards of a source text that are not suiteCanRun(...), and the tests skipped outright. */
function unguardedSkips(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/\.(runIf|skipIf)\(\s*([^\n]{0,60})/g)) {
    if (!(match[2] ?? '').startsWith('suiteCanRun(')) found.push(`${match[1]}(${match[2]}`);
  }
  for (const match of text.matchAll(/\b(describe|it|test|suite)\.(skip|todo)\b/g)) found.push(`${match[1]}.${match[2]}`);
  return found;
}

describe('suites that need a service', () => {
  it('when a guard is not suiteCanRun, or a test is skipped outright, then the rule names it', () => {
    expect(unguardedSkips("describe.runIf(suiteCanRun('s', { PostgreSQL: true }))('x', () => {})")).toEqual([]);
    expect(unguardedSkips("it.skipIf(suiteCanRun('s', {}))('x', () => {})")).toEqual([]);
    expect(unguardedSkips("describe.runIf(chromiumAvailable())('x', () => {})")).toEqual(['runIf(chromiumAvailable())(\'x\', () => {})']);
    expect(unguardedSkips('describe.skipIf(!process.env.DATABASE_URL)')).toHaveLength(1);
    expect(unguardedSkips("it.skip('later', () => {}); describe.todo('x')")).toEqual(['it.skip', 'describe.todo']);
  });

  it('when a test file runs a suite only if its services are here then its guard fails under REQUIRE_SERVICES=1 (suiteCanRun)', () => {
    const files = testFiles();
    expect(files.length).toBeGreaterThan(50);
    const offenders = files.flatMap((file) => unguardedSkips(readFileSync(path.join(root, file), 'utf8')).map((what) => `${file}: ${what}`));
    expect(offenders).toEqual([]);
  });
});
