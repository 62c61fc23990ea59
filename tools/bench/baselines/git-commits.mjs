// Baseline for commit-seq: `git add` + `git commit -q` of the same successive sources in a
// temp local repository (the first source committed before timing starts). Commits/s.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';

const run = promisify(execFile);
const IDENTITY = ['-c', 'user.name=Bench', '-c', 'user.email=bench@example.invalid', '-c', 'commit.gpgsign=false'];

export async function gitCommitRate(base, sources) {
  const dir = await mkdtemp(path.join(tmpdir(), 'oms-bench-git-'));
  // No global or system git configuration (hooks, signing, templates) takes part.
  const env = { PATH: process.env.PATH ?? '', HOME: dir, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' };
  const git = (...args) => run('git', [...IDENTITY, ...args], { cwd: dir, env, timeout: 30_000 });
  const file = path.join(dir, 'ontology.ttl');
  try {
    await git('init', '-q');
    await writeFile(file, base);
    await git('add', 'ontology.ttl');
    await git('commit', '-q', '-m', 'Initial version');
    const started = performance.now();
    for (const [index, source] of sources.entries()) {
      await writeFile(file, source);
      await git('add', 'ontology.ttl');
      await git('commit', '-q', '-m', `Update ${index + 1}`);
    }
    return sources.length / ((performance.now() - started) / 1000);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
