// The bench's database: a fresh PostgreSQL database (created and dropped here; only loopback
// servers are used) or a fresh PGlite folder in a temp dir, as `npm start` keeps in ./.data.
// Both offer `withSql(work)` for seeding and lookups; PGlite is one process's at a time, so
// there the caller stops the service around it (see the targets' `withSql`).
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { onCleanup } from './cleanup.mjs';

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

export function withDatabaseName(url, name) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function answers(url) {
  const client = new pg.Client({ connectionString: withDatabaseName(url, 'postgres'), connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function adminQuery(url, sql) {
  const client = new pg.Client({ connectionString: withDatabaseName(url, 'postgres'), connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end().catch(() => undefined);
  }
}

function candidateUrls(log) {
  const urls = [];
  const configured = process.env.DATABASE_URL;
  if (configured) {
    let host = '';
    try {
      host = new URL(configured).hostname;
    } catch {
      log(`DATABASE_URL is not a URL; ignored`);
    }
    if (LOOPBACK.has(host)) urls.push(configured);
    else if (host) log(`DATABASE_URL points at ${host}; the bench only talks to 127.0.0.1, so it is not used`);
  }
  if (!urls.includes(DEFAULT_URL)) urls.push(DEFAULT_URL);
  return urls;
}

async function createPostgres(serverUrl, prefix) {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE "${name}"`);
  const url = withDatabaseName(serverUrl, name);
  let pool;
  const dispose = async () => {
    await pool?.end().catch(() => undefined);
    pool = undefined;
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  };
  const forget = onCleanup(`database ${name}`, dispose);
  return {
    kind: 'postgres',
    label: `PostgreSQL (fresh database ${name})`,
    url,
    env: { DATABASE_URL: url },
    /** Direct SQL for seeding and lookups (a small pool of its own). */
    query: (sql, params) => {
      pool ??= new pg.Pool({ connectionString: url, max: 2 });
      return pool.query(sql, params);
    },
    /** `work(sql)` on a connected client of its own (`sql.query(text, params)` gives `{ rows }`). */
    async withSql(work) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return await work(client);
      } finally {
        await client.end().catch(() => undefined);
      }
    },
    dispose: async () => {
      forget();
      await dispose();
    },
  };
}

async function createPglite() {
  const dir = await mkdtemp(path.join(tmpdir(), 'oms-bench-'));
  const copies = [];
  const dispose = async () => {
    for (const copy of copies) await rm(copy, { recursive: true, force: true });
    await rm(dir, { recursive: true, force: true });
  };
  const forget = onCleanup(`PGlite folder ${dir}`, dispose);
  return {
    kind: 'pglite',
    label: `embedded PGlite (${dir})`,
    dataDir: dir,
    env: { DATA_DIR: dir },
    /**
     * `work(sql)` with the folder opened here (the same extensions as the service): only while
     * no service has it open.
     */
    async withSql(work) {
      const db = await PGlite.create(dir, { extensions: { pg_trgm } });
      try {
        return await work(db);
      } finally {
        await db.close();
      }
    },
    /** A copy of the folder (removed at the end), for a baseline that needs the same data: only while no service has it open. */
    async copy() {
      const copy = `${dir}-copy-${copies.length + 1}`;
      copies.push(copy);
      await cp(dir, copy, { recursive: true });
      return copy;
    },
    dispose: async () => {
      forget();
      await dispose();
    },
  };
}

/** A fresh PGlite folder: the embedded database `npm start` runs on. */
export function openBenchPglite() {
  return createPglite();
}

/** A fresh database on the loopback PostgreSQL server (DATABASE_URL, else the default); none answering is an error. */
export async function openBenchPostgres(log, { prefix = 'oms_bench' } = {}) {
  const urls = candidateUrls(log);
  for (const url of urls) {
    if (await answers(url)) return createPostgres(url, prefix);
  }
  throw new Error(`no PostgreSQL answers at ${urls.map((url) => new URL(url).host).join(' or ')}; this target needs one (set DATABASE_URL, or use --target embedded)`);
}
