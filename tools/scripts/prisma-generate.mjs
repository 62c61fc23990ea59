#!/usr/bin/env node
// Generates the Prisma client offline. `prisma generate` only checks that a schema-engine
// binary exists (it never runs it), so point it at this script instead of letting it
// try a download that cannot succeed on our machines.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const env = {
  ...process.env,
  PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? fileURLToPath(import.meta.url),
  PRISMA_HIDE_UPDATE_MESSAGE: '1',
  CHECKPOINT_DISABLE: '1',
};
const prismaBin = path.join(root, 'node_modules', '.bin', 'prisma');
const result = spawnSync(prismaBin, ['generate', '--schema', 'prisma/schema.prisma'], {
  cwd: root,
  env,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
