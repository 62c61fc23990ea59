// Applies the SQL migrations of prisma/migrations (Prisma's folder layout) in name order,
// each in its own transaction, and records name and checksum so a changed migration that
// was already applied stops the start instead of drifting silently.
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SqlRunner } from './sql-runner.js';

export const DEFAULT_MIGRATIONS_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../prisma/migrations',
);

const LOCK_KEY = 7_305_942_118; // pg_advisory_xact_lock key: one migrator at a time per database

export type Migration = { name: string; sql: string; checksum: string };

export async function readMigrations(dir: string = DEFAULT_MIGRATIONS_DIR): Promise<Migration[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(path.join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    }),
  );
}

/** Returns the names of the migrations applied by this call (empty when up to date). */
export async function migrate(runner: SqlRunner, migrations: Migration[]): Promise<string[]> {
  await runner.exec(`CREATE TABLE IF NOT EXISTS "_oms_migrations" (
    "name" TEXT PRIMARY KEY,
    "checksum" TEXT NOT NULL,
    "applied_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
  )`);
  const applied: string[] = [];
  for (const migration of migrations) {
    await runner.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
      const rows = await tx.query<{ checksum: string }>(
        'SELECT "checksum" FROM "_oms_migrations" WHERE "name" = $1',
        [migration.name],
      );
      const existing = rows[0];
      if (existing) {
        if (existing.checksum !== migration.checksum) {
          throw new Error(
            `migration ${migration.name} was changed after it was applied (checksum differs); add a new migration instead`,
          );
        }
        return;
      }
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO "_oms_migrations" ("name", "checksum") VALUES ($1, $2)', [
        migration.name,
        migration.checksum,
      ]);
      applied.push(migration.name);
    });
  }
  return applied;
}
