// Sessions kept across several statements (a cursor and its FETCHes). PostgreSQL pins one
// pool connection per session, so at most `limit` are out at a time and the rest of the pool
// stays free for other requests; PGlite has a single session for everything and only counts
// (each open cursor holds memory in the database). Sessions are shared fairly: callers pass a
// key (the user), keys take turns when sessions are short, and one key holds at most all but
// one of them, so one user's reads never take every session (callers without a key: no bound).
import type { PGlite } from '@electric-sql/pglite';
import type { Pool } from 'pg';
import { createSlots } from './slots.js';

export type SqlSession = {
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Gives the session back; with an error a PostgreSQL connection is dropped, not reused. */
  release(error?: Error): void;
};

export type SqlSessions = {
  /** Which back end the sessions talk to (their costs differ, e.g. bytea results are slow on PGlite). */
  readonly kind: 'postgres' | 'pglite';
  /** Waits for a free session (`key`: whose turn it is, e.g. a user id); rejects with the signal's reason when it aborts first. */
  acquire(signal?: AbortSignal, key?: string): Promise<SqlSession>;
};

/** All but one of the sessions for one key (at least one). */
const sessionSlots = (limit: number) => createSlots(limit, { perKey: Math.max(1, limit - 1) });

/** Half the pool, at least one. */
export function sessionLimitFor(poolSize: number): number {
  return Math.max(1, Math.floor(poolSize / 2));
}

export function pgSessions(pool: Pool, limit: number): SqlSessions {
  const slots = sessionSlots(limit);
  return {
    kind: 'postgres',
    async acquire(signal, key) {
      const free = await slots.acquire(signal, key);
      let client;
      try {
        client = await pool.connect();
      } catch (error) {
        free();
        throw error;
      }
      let released = false;
      return {
        query: async <T>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows as T[],
        release: (error) => {
          if (released) return;
          released = true;
          client.release(error ?? false);
          free();
        },
      };
    },
  };
}

export function pgliteSessions(db: PGlite, limit: number): SqlSessions {
  const slots = sessionSlots(limit);
  return {
    kind: 'pglite',
    async acquire(signal, key) {
      const free = await slots.acquire(signal, key);
      return {
        query: async <T>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows,
        release: () => free(),
      };
    },
  };
}
