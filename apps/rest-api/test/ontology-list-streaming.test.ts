// Lists with large sources are streamed from the database chunk by chunk (on PGlite, and on
// PostgreSQL when DATABASE_URL is set): the answer is byte for byte the JSON it always was, a
// client that leaves stops the reads, and a failure part-way cuts the connection.
import { get, type IncomingMessage } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { OntologyListResponse } from '@oms/contracts';
import type { Database, SqlSessions } from '@oms/db';
import { testBackends } from '@oms/db/testing';
import { createOntology, type TestServer } from './support/test-server.js';
import { useTestServer } from './support/use-test-server.js';

const KiB = 1024;
/** Multi-byte characters (and surrogate pairs) land on every chunk edge sooner or later. */
function largeSource(label: string, bytes: number): string {
  const line = `${label}: "quoted" \\ tab\t é 中 😀 𝄞\n`;
  return line.repeat(Math.ceil(bytes / Buffer.byteLength(line)));
}

/** Reads a list answer raw; `stopAfter` bytes makes the client hang up early. */
function readRaw(server: TestServer, token: string, path: string, stopAfter?: number): Promise<{ status: number; text: string; complete: boolean }> {
  return new Promise((resolve, reject) => {
    const req = get(`${server.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } }, (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        bytes += chunk.length;
        if (stopAfter !== undefined && bytes >= stopAfter) req.destroy();
      });
      res.on('error', () => undefined);
      res.on('close', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), complete: res.complete }));
    });
    req.on('error', (error) => (stopAfter === undefined ? undefined : reject(error)));
  });
}

// Source reads hold no cursor (one short query per fetch of pieces): none may be left open, on
// PGlite (whose pg_cursors also lists the unnamed portal of the query that asks) or PostgreSQL.
const OPEN_SOURCE_READS_PGLITE = `SELECT count(*)::int AS n FROM pg_cursors WHERE name <> ''`;
// A fetch of pieces still running (or a transaction left open by one) on another backend.
const OPEN_SOURCE_READS_PG = `SELECT count(*)::int AS n FROM pg_stat_activity
  WHERE datname = current_database() AND pid <> pg_backend_pid() AND state <> 'idle' AND query LIKE '%commit_source_pieces%'`;

async function openSourceReads(server: TestServer): Promise<number> {
  const [row] = await server.db.sql.query<{ n: number }>(server.db.kind === 'pglite' ? OPEN_SOURCE_READS_PGLITE : OPEN_SOURCE_READS_PG);
  return row?.n ?? -1;
}

async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Every session can be taken again: none is held by a read that was abandoned. */
async function allSessionsFree(db: Database): Promise<boolean> {
  const sessions = [];
  try {
    for (let i = 0; i < 2; i += 1) sessions.push(await db.sessions.acquire(AbortSignal.timeout(2_000)));
    return true;
  } catch {
    return false;
  } finally {
    for (const session of sessions) session.release();
  }
}

/** The database as the app sees it, with the third query of a source read failing. */
function failingSecondFetch(db: Database): Database {
  // A source read takes a session per query (the chain with each first piece, then the other
  // pieces a few at a time): its third query fails, when a megabyte of the source was written.
  let fetches = 0;
  const sessions: SqlSessions = {
    kind: db.sessions.kind,
    acquire: async (signal) => {
      const session = await db.sessions.acquire(signal);
      return {
        query: <T>(sql: string, params?: unknown[]) =>
          sql.includes('"commit_source_pieces"') && (fetches += 1) === 3 ? Promise.reject(new Error('injected fault')) : session.query<T>(sql, params),
        release: (error) => session.release(error),
      };
    },
  };
  return { ...db, sessions };
}

describe.each(testBackends())('streamed lists on %s', (backend) => {
  const { server, users: { owner } } = useTestServer({ users: ['owner'], backend });
  const sources = [largeSource('first', 300 * KiB), 'a small one', largeSource('third', 1024 * KiB)];
  beforeAll(async () => {
    for (const [i, source] of sources.entries()) {
      await createOntology(server, owner.token, { title: `Streamed ${i}`, source, source_format: 'other', visibility: 'private' });
    }
  }, 120_000);

  it('when sources are large then the answer is the exact JSON of the page, sources whole', async () => {
    const { status, text, complete } = await readRaw(server, owner.token, '/api/v1/ontologies?filter=my_accounts');
    expect(status).toBe(200);
    expect(complete).toBe(true);
    const body = OntologyListResponse.parse(JSON.parse(text));
    // Nothing but JSON.stringify's own output: same member order, same escapes, no spaces.
    expect(JSON.stringify(JSON.parse(text))).toBe(text);
    expect(body.data.map((o) => o.source)).toEqual([...sources].reverse());
    expect(Object.keys(JSON.parse(text).data[0])).toEqual(Object.keys(JSON.parse(text).data[1]));
    expect(body.pagination).toEqual({ page: 1, per_page: 25, total: 3, total_pages: 1 });
    expect(await openSourceReads(server)).toBe(0);
  });

  it('when the client hangs up mid-source then the reading stops and its cursor and session are given back', async () => {
    const partial = await readRaw(server, owner.token, '/api/v1/ontologies?filter=my_accounts', 64 * KiB);
    expect(partial.complete).toBe(false);
    await eventually(async () => (await openSourceReads(server)) === 0);
    expect(await allSessionsFree(server.db)).toBe(true);
    const again = await readRaw(server, owner.token, '/api/v1/ontologies?filter=my_accounts&per_page=1');
    expect(again.complete).toBe(true);
    expect(JSON.parse(again.text).data[0].source).toBe(sources[2]);
  });
});

describe('streamed lists when a read fails part-way', () => {
  const { server, users: { owner } } = useTestServer({ users: ['owner'], wrapDb: failingSecondFetch });
  beforeAll(async () => {
    await createOntology(server, owner.token, { title: 'Fails', source: largeSource('fails', 3 * 1024 * KiB), source_format: 'other', visibility: 'private' });
  }, 120_000);

  it('when the database fails after the answer began then the connection is cut, never a short valid body', async () => {
    const { status, text, complete } = await readRaw(server, owner.token, '/api/v1/ontologies?filter=my_accounts');
    expect(status).toBe(200);
    expect(complete).toBe(false);
    expect(() => JSON.parse(text)).toThrow();
    await eventually(async () => (await openSourceReads(server)) === 0);
    expect(await allSessionsFree(server.db)).toBe(true);
    const me = await server.request('GET', '/api/v1/me', { token: owner.token });
    expect(me.status).toBe(200);
  });
});
