// A backend terminated while the app holds its connection between two statements (an
// interactive transaction, a cursor session): the statement after it fails as "database
// unavailable" (a 503 upstream) instead of the process dying of an unhandled 'error' event,
// and the pool serves the next request on a new connection.
import pg from 'pg';
import { suiteCanRun } from '@oms/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../src/errors.js';
import { createTestDatabase, type TestDatabase } from '../src/testing.js';

const postgres = process.env['DATABASE_URL'];

/** Runs `test` with an admin connection (to terminate backends) and a list of the errors nothing caught. */
async function whileWatching(test: (admin: pg.Client, uncaught: unknown[]) => Promise<void>): Promise<void> {
  const admin = new pg.Client({ connectionString: postgres });
  await admin.connect();
  const uncaught: unknown[] = [];
  const onUncaught = (error: unknown) => uncaught.push(error);
  process.on('uncaughtException', onUncaught);
  try {
    await test(admin, uncaught);
  } finally {
    process.off('uncaughtException', onUncaught);
    await admin.end();
  }
}

describe.runIf(suiteCanRun('the terminated-backends suite', { 'PostgreSQL (DATABASE_URL)': Boolean(postgres) }))('connections terminated while checked out', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase({ backend: 'postgres' });
  });
  afterAll(async () => {
    await db?.dispose();
  });

  it('when the backend of a running transaction is terminated between statements then the transaction fails as unavailable and the next query succeeds', async () => {
    await whileWatching(async (admin, uncaught) => {
      const transaction = db.prisma.$transaction(async (tx) => {
        const [backend] = await tx.$queryRaw<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
        await admin.query('SELECT pg_terminate_backend($1)', [backend?.pid]);
        await new Promise((resolve) => setTimeout(resolve, 300)); // the termination arrives while idle in the transaction
        await tx.$queryRaw`SELECT 1`;
      });
      const error = await transaction.then(() => null, (e: unknown) => e);
      expect(error).not.toBeNull();
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(uncaught).toEqual([]);
      expect(await db.ping()).toBe(true);
    });
  }, 30_000);

  it('when the backend of a held session is terminated then its next query fails as unavailable, without crashing', async () => {
    await whileWatching(async (admin, uncaught) => {
      const session = await db.sessions.acquire();
      const [backend] = await session.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      await admin.query('SELECT pg_terminate_backend($1)', [backend?.pid]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const error = await session.query('SELECT 1').then(() => null, (e: unknown) => e);
      session.release(error instanceof Error ? error : undefined);
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(uncaught).toEqual([]);
      expect(await db.ping()).toBe(true);
    });
  }, 30_000);
});
