// The source store's one way to run SQL (`SqlQuery`), over each client the repositories hold.
import type { DbClient } from '../repositories/db-client.js';
import type { SqlRunner } from '../sql-runner.js';
import type { SqlSessions } from '../sql-sessions.js';
import type { SqlQuery } from './source-store.js';

/** Through Prisma (a client or an interactive transaction). */
export const prismaQuery =
  (db: DbClient): SqlQuery =>
  <T>(sql: string, params: unknown[] = []) =>
    db.$queryRawUnsafe<T[]>(sql, ...params);

/** Through a raw runner (or its transaction). */
export const runnerQuery =
  (runner: Pick<SqlRunner, 'query'>): SqlQuery =>
  <T>(sql: string, params: unknown[] = []) =>
    runner.query<T>(sql, params);

/** Each statement on a session taken for it alone and given back at once (fair between `key`s). */
export const sessionsQuery =
  (sessions: SqlSessions, options: { signal?: AbortSignal | undefined; key?: string | undefined } = {}): SqlQuery =>
  async <T>(sql: string, params: unknown[] = []) => {
    const session = await sessions.acquire(options.signal, options.key);
    try {
      const rows = await session.query<T>(sql, params);
      session.release();
      return rows;
    } catch (error) {
      session.release(error instanceof Error ? error : new Error(String(error)));
      throw error;
    }
  };
