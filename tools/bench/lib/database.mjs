// The bench's database: a fresh PostgreSQL database (created and dropped here) when a local
// server answers, else a fresh PGlite folder in a temp dir. Only loopback servers are used.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
    /** A connected client of its own, for transactions; the caller ends it. */
    connect: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      return client;
    },
    dispose: async () => {
      forget();
      await dispose();
    },
  };
}

async function createPglite() {
  const dir = await mkdtemp(path.join(tmpdir(), 'oms-bench-'));
  const dispose = () => rm(dir, { recursive: true, force: true });
  const forget = onCleanup(`PGlite folder ${dir}`, dispose);
  return {
    kind: 'pglite',
    label: `embedded PGlite (${dir})`,
    env: { DATA_DIR: dir },
    query: undefined,
    connect: undefined,
    dispose: async () => {
      forget();
      await dispose();
    },
  };
}

/**
 * BENCH_DATABASE=pglite forces the embedded database (to try the PGlite path on a machine with
 * PostgreSQL). `requirePostgres` (the cluster: its processes share one server) refuses PGlite.
 */
export async function openBenchDatabase(log, { prefix = 'oms_bench', requirePostgres = false } = {}) {
  if (process.env.BENCH_DATABASE === 'pglite') {
    if (requirePostgres) throw new Error('BENCH_DATABASE=pglite, but this target needs PostgreSQL (its processes share one server)');
    log('BENCH_DATABASE=pglite: using embedded PGlite; cases that need direct SQL are skipped');
    return createPglite();
  }
  const urls = candidateUrls(log);
  for (const url of urls) {
    if (await answers(url)) return createPostgres(url, prefix);
  }
  if (requirePostgres) throw new Error(`no PostgreSQL answers at ${urls.map((url) => new URL(url).host).join(' or ')}; this target needs one (set DATABASE_URL)`);
  log('no PostgreSQL answers on 127.0.0.1: using embedded PGlite; cases that need direct SQL are skipped');
  return createPglite();
}
