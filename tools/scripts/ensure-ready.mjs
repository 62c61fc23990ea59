#!/usr/bin/env node
// Makes a fresh clone runnable: installs dependencies when they are missing or older than
// the lock file, and generates the Prisma client when it is missing or older than the schema.
// Uses only Node's standard library, so it runs before anything is installed.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const mtime = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

export function ensureReady() {
  const installed = path.join(root, 'node_modules', '.package-lock.json');
  if (!existsSync(installed) || mtime(path.join(root, 'package-lock.json')) > mtime(installed)) {
    console.error('[setup] installing dependencies (npm ci)...');
    // The lock file lists every platform's build of the packages with per-platform optional
    // dependencies (rollup, msgpackr-extract); npm installs only this machine's.
    if (run('npm', ['ci', '--no-audit', '--no-fund']) !== 0) process.exit(1);
  }
  const generated = path.join(root, 'libs', 'db', 'src', 'generated', 'prisma', 'client.ts');
  if (mtime(path.join(root, 'prisma', 'schema.prisma')) > mtime(generated)) {
    console.error('[setup] generating the Prisma client...');
    if (run(process.execPath, [path.join(root, 'tools', 'scripts', 'prisma-generate.mjs')]) !== 0) process.exit(1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureReady();
