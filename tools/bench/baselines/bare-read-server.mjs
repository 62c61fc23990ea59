// Baseline for read-one: GET /api/v1/ontologies/:id with nothing but node:http and pg, doing
// the same database work as the service (token by SHA-256 hash joined to its user, the
// last-use touch at most once a minute, the user's account ids, the ontology joined with its
// applied commit's source under the visibility rule, read from the source store: its pieces
// inflated and their inserts joined; a version stored as a delta is not handled, and the bench
// reads first versions) and JSON.stringify of the same fields.
// Run as a child process: env DATABASE_URL (pg, 10 connections, as the service's pool) or
// DATA_DIR (a PGlite folder, one connection, as the embedded service), PORT (0 = any); prints
// "listening <port>".
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { inflateRawSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

async function openPool() {
  if (process.env.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    pool.on('error', () => undefined);
    return pool;
  }
  if (!process.env.DATA_DIR) throw new Error('set DATABASE_URL or DATA_DIR');
  const db = await PGlite.create(process.env.DATA_DIR, { extensions: { pg_trgm } });
  return { query: (sql, params) => db.query(sql, params), end: () => db.close() };
}

const pool = await openPool();
const BEARER = /^Bearer[ ]+([A-Za-z0-9._~+/=-]{1,512})[ ]*$/i;
const PATH = /^\/api\/v1\/ontologies\/([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$/;
const TOUCH_INTERVAL_MS = 60_000;
let baseUrl = 'http://127.0.0.1';

const TOKEN_SQL = `SELECT t.id, t.user_id, t.name, t.token_hash, t.last_used_at, t.created_at, t.updated_at,
  u.id AS u_id, u.email, u.name AS u_name, u.password_hash, u.time_zone, u.otp_secret, u.otp_enabled, u.otp_last_step, u.created_at AS u_created_at, u.updated_at AS u_updated_at
  FROM api_tokens t JOIN users u ON u.id = t.user_id WHERE t.token_hash = $1`;
const ACCOUNTS_SQL = 'SELECT account_id FROM account_users WHERE user_id = $1';
const ONTOLOGY_SQL = `SELECT o.id, o.account_id, o.parent_id, o.title, o.description, o.visibility, o.source_format, o.version, o.head_hash,
  o.head_seq, o.created_at, o.updated_at, c.id AS commit_id, c.metrics, c.terms_indexed, c.terms_error, s.codec, s.depth, s.pieces, p.data AS first
  FROM ontologies o LEFT JOIN commits c ON c.ontology_id = o.id AND c.status = 'applied' LEFT JOIN commit_sources s ON s.commit_id = c.id
  LEFT JOIN commit_source_pieces p ON p.commit_id = c.id AND p.n = 0
  WHERE o.id = $1 AND (o.visibility = 'public' OR o.account_id = ANY($2::uuid[]))`;
const PIECES_SQL = 'SELECT data FROM commit_source_pieces WHERE commit_id = $1 ORDER BY n';

/** A whole version's text: `plain` pieces are its bytes, `deflate` pieces hold insert ops (libs/db/src/source-store/op-pieces.ts). */
async function sourceOf(row) {
  if (!row.commit_id || !row.codec) return '';
  if (row.depth !== 0) throw new Error('the bare server reads whole versions only');
  const parts = [];
  // As the service: a source in one piece came with the row.
  const pieces = row.pieces <= 1 ? (row.first ? [{ data: row.first }] : []) : (await pool.query(PIECES_SQL, [row.commit_id])).rows;
  for (const { data } of pieces) {
    if (row.codec === 'plain') {
      parts.push(data);
      continue;
    }
    const ops = inflateRawSync(data);
    for (let at = 0; at < ops.length; ) {
      if (ops[at++] !== 3) throw new Error('a whole version holds inserts only');
      let length = 0;
      for (let scale = 1; ; scale *= 128) {
        const byte = ops[at++];
        length += (byte & 127) * scale;
        if (byte < 128) break;
      }
      parts.push(ops.subarray(at, at + length));
      at += length;
    }
  }
  return Buffer.concat(parts).toString('utf8');
}

function send(res, status, body, headers = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', ...headers });
  res.end(JSON.stringify(body));
}

async function handle(req, res) {
  const match = PATH.exec(req.url ?? '');
  if (req.method !== 'GET' || !match) return send(res, 404, { error: 'not_found' });
  const bearer = BEARER.exec(req.headers.authorization ?? '');
  if (!bearer) return send(res, 401, { error: 'unauthorized' }, { 'www-authenticate': 'Bearer' });
  const hash = createHash('sha256').update(bearer[1]).digest('hex');
  const token = (await pool.query(TOKEN_SQL, [hash])).rows[0];
  if (!token) return send(res, 401, { error: 'unauthorized' }, { 'www-authenticate': 'Bearer error="invalid_token"' });
  const now = new Date();
  if (!token.last_used_at || now.getTime() - token.last_used_at.getTime() > TOUCH_INTERVAL_MS) {
    await pool.query('UPDATE api_tokens SET last_used_at = $2 WHERE id = $1', [token.id, now]);
  }
  const accounts = (await pool.query(ACCOUNTS_SQL, [token.user_id])).rows.map((row) => row.account_id);
  const row = (await pool.query(ONTOLOGY_SQL, [match[1].toLowerCase(), accounts])).rows[0];
  if (!row) return send(res, 404, { error: 'not_found' });
  send(
    res,
    200,
    {
      id: row.id,
      account_id: row.account_id,
      parent_id: row.parent_id,
      title: row.title,
      description: row.description,
      visibility: row.visibility,
      source: await sourceOf(row),
      source_format: row.source_format,
      version: row.version,
      head_hash: row.head_hash,
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
      url: `${baseUrl}/api/v1/ontologies/${row.id}`,
      ...(row.metrics ? { metrics: row.metrics } : {}),
      terms_status: row.terms_indexed ? 'ready' : row.terms_error === null ? 'indexing' : 'failed',
    },
    { etag: `"${row.head_hash}"` },
  );
}

const server = createServer((req, res) => {
  handle(req, res).catch(() => {
    if (!res.headersSent) send(res, 500, { error: 'internal_error' });
    else res.destroy();
  });
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  baseUrl = `http://127.0.0.1:${server.address().port}`;
  process.stdout.write(`listening ${server.address().port}\n`);
});
const stop = () => server.close(() => void pool.end().finally(() => process.exit(0)));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
