// One factory for both back ends: PostgreSQL through @prisma/adapter-pg when a URL is
// given, else embedded PGlite persisted in a data folder. Both get the same migrator.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaClient } from './generated/prisma/client.js';
import { DEFAULT_MIGRATIONS_DIR, migrate, readMigrations } from './migrator.js';
import { pgliteRunner } from './pglite-runner.js';
import { pgRunner } from './pg-runner.js';
import type { SqlRunner } from './sql-runner.js';
import { pgliteSessions, pgSessions, sessionLimitFor, type SqlSessions } from './sql-sessions.js';

export type Prisma = PrismaClient;

export type Database = {
  kind: 'postgres' | 'pglite';
  prisma: PrismaClient;
  /** Raw SQL for the migrator, health checks and bulk work. */
  sql: SqlRunner;
  /** Sessions kept across statements (cursors), a bounded share of the connections. */
  sessions: SqlSessions;
  /** Applies pending migrations; returns the names applied. */
  migrate(): Promise<string[]>;
  /** Answers true when the database responds. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

export type DatabaseOptions =
  | { databaseUrl: string; poolSize?: number; migrationsDir?: string }
  | { dataDir: string; migrationsDir?: string }
  | { pglite: PGlite; migrationsDir?: string };

function finish(
  kind: Database['kind'],
  prisma: PrismaClient,
  sql: SqlRunner,
  sessions: SqlSessions,
  migrationsDir: string,
  close: () => Promise<void>,
): Database {
  return {
    kind,
    prisma,
    sql,
    sessions,
    migrate: async () => migrate(sql, await readMigrations(migrationsDir)),
    ping: async () => {
      try {
        await sql.query('SELECT 1');
        return true;
      } catch {
        return false;
      }
    },
    close,
  };
}

const BYTEA = 17;

/**
 * bytea as PGlite hands it over (hex text, `\x...`), read by Buffer's hex codec: PGlite's own
 * parses a byte at a time (about 5 MB/s; source pieces read 8 times faster so). A bytea
 * parameter goes as the bytes themselves (PGlite binds a Uint8Array in binary format): as hex
 * text it was twice the size, measured for UTF-8 a character at a time and decoded again by
 * the database (docs/decisions.md, "Cheaper ingest").
 */
const byteaParsers = {
  parsers: {
    [BYTEA]: (value: string): Uint8Array => {
      const bytes = Buffer.from(value.slice(2), 'hex');
      return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
  },
  serializers: {
    // PGlite's types say a serializer answers text; its bind sends an ArrayBuffer view as a
    // binary parameter (format 1, which bytea receives as its bytes).
    [BYTEA]: ((value: unknown): Uint8Array => {
      if (!(value instanceof Uint8Array)) throw new TypeError('a bytea parameter must be a Uint8Array');
      return value;
    }) as unknown as (value: unknown) => string,
  },
};

export async function openPglite(dataDir: string | undefined): Promise<PGlite> {
  if (dataDir) await mkdir(path.resolve(dataDir), { recursive: true });
  return PGlite.create(dataDir ? path.resolve(dataDir) : 'memory://', { extensions: { pg_trgm }, ...byteaParsers });
}

/** Open cursors on PGlite (each holds its result in the one database process). */
const PGLITE_SESSIONS = 5;

export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  const migrationsDir = options.migrationsDir ?? DEFAULT_MIGRATIONS_DIR;
  if ('databaseUrl' in options) {
    const poolSize = options.poolSize ?? 10;
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: poolSize });
    // An idle client that loses its server must not crash the process.
    pool.on('error', () => undefined);
    // Nor a checked-out one (an interactive transaction, a cursor session) whose backend is
    // terminated between two statements: pg emits that as 'error' on the client, not on the
    // pool. The client is then unusable, its next statement fails as "not queryable" (a 503)
    // and the pool drops it when it is released.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
    return finish('postgres', prisma, pgRunner(pool), pgSessions(pool, sessionLimitFor(poolSize)), migrationsDir, async () => {
      await prisma.$disconnect();
      await pool.end();
    });
  }
  const ownsPglite = !('pglite' in options);
  const db = 'pglite' in options ? options.pglite : await openPglite(options.dataDir);
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(db) });
  return finish('pglite', prisma, pgliteRunner(db), pgliteSessions(db, PGLITE_SESSIONS), migrationsDir, async () => {
    await prisma.$disconnect();
    if (ownsPglite) await db.close();
  });
}
