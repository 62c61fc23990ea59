import type { Pool, PoolClient } from 'pg';
import type { SqlRunner } from './sql-runner.js';

function clientRunner(client: PoolClient): SqlRunner {
  return {
    exec: async (sql) => {
      await client.query(sql);
    },
    query: async <T>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows as T[],
    transaction: () => Promise.reject(new Error('nested transactions are not supported')),
  };
}

export function pgRunner(pool: Pool): SqlRunner {
  return {
    exec: async (sql) => {
      await pool.query(sql);
    },
    query: async <T>(sql: string, params: unknown[] = []) => (await pool.query(sql, params)).rows as T[],
    transaction: async (work) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await work(clientRunner(client));
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
  };
}
