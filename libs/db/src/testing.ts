// Test databases: a fresh PostgreSQL database per call when DATABASE_URL is set, else an
// in-memory PGlite. REQUIRE_SERVICES=1 makes a missing PostgreSQL a failure, not a fallback.
// Test-only: reads the environment on purpose (it is the test harness's config).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, type Database } from './create-database.js';

/** `url` is set for PostgreSQL, so another process can open the same database. */
export type TestDatabase = Database & { name: string; url?: string; dispose(): Promise<void> };

function adminUrl(databaseUrl: string, database: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

function failIfPostgresRequired(): void {
  if (process.env['REQUIRE_SERVICES'] === '1') throw new Error('REQUIRE_SERVICES=1 but DATABASE_URL is not set: integration tests need PostgreSQL');
}

/**
 * The back ends a suite for both runs on: PGlite, and PostgreSQL when DATABASE_URL is set.
 * Without it the PostgreSQL runs are left out, except under REQUIRE_SERVICES=1: that throws.
 * TEST_BACKENDS=postgres keeps only PostgreSQL (the mutation run: a PGlite database takes
 * seconds to create, and every mutant re-runs its test files' setup).
 */
export function testBackends(): ('pglite' | 'postgres')[] {
  if (process.env['DATABASE_URL']) return process.env['TEST_BACKENDS'] === 'postgres' ? ['postgres'] : ['pglite', 'postgres'];
  failIfPostgresRequired();
  return ['pglite'];
}

/** `backend: 'pglite'` forces the embedded database even when PostgreSQL is configured. */
export async function createTestDatabase(options: { backend?: 'postgres' | 'pglite' } = {}): Promise<TestDatabase> {
  const databaseUrl = options.backend === 'pglite' ? undefined : process.env['DATABASE_URL'];
  if (!databaseUrl) {
    if (options.backend !== 'pglite') failIfPostgresRequired();
    const db = await createDatabase({ dataDir: '' });
    await db.migrate();
    return { ...db, name: 'pglite:memory', dispose: () => db.close() };
  }
  const name = `oms_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl(databaseUrl, 'postgres') });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const db = await createDatabase({ databaseUrl: adminUrl(databaseUrl, name), poolSize: 5 });
  await db.migrate();
  return {
    ...db,
    name,
    url: adminUrl(databaseUrl, name),
    dispose: async () => {
      await db.close().catch(() => undefined);
      const cleaner = new pg.Client({ connectionString: adminUrl(databaseUrl, 'postgres') });
      await cleaner.connect();
      try {
        await cleaner.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await cleaner.end();
      }
    },
  };
}
