import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { SqlRunner } from './sql-runner.js';

function txRunner(tx: Transaction): SqlRunner {
  return {
    exec: async (sql) => {
      await tx.exec(sql);
    },
    query: async <T>(sql: string, params: unknown[] = []) => (await tx.query<T>(sql, params)).rows,
    transaction: () => Promise.reject(new Error('nested transactions are not supported')),
  };
}

export function pgliteRunner(db: PGlite): SqlRunner {
  return {
    exec: async (sql) => {
      await db.exec(sql);
    },
    query: async <T>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows,
    transaction: async (work) => {
      await db.transaction((tx) => work(txRunner(tx)));
    },
  };
}
