// Chunked source reads against a real database (PGlite, and PostgreSQL when DATABASE_URL is
// set): the text comes back whole across characters split between chunks, the page's small
// sources come in one query, and a reader that stops early gives its session back.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, openPglite, type Database } from '../src/create-database.js';
import { insertOntology, type OntologyRow } from '../src/repositories/ontology-rows.js';
import { withStreamedHeadSources } from '../src/repositories/head-sources.js';
import { readSourceChunks, readSourceHead } from '../src/repositories/source-chunks.js';
import { pgliteSessions, pgSessions, type SqlSessions } from '../src/sql-sessions.js';
import { createTestDatabase, testBackends, type TestDatabase } from '../src/testing.js';

// Mixed widths: 1-byte, 2-byte, 3-byte characters and 4-byte ones (surrogate pairs in JS).
const MIXED = 'a é 中 😀 z 𝄞 ü ';

// Reads hold no cursor; any named one left open is a leak (PGlite also lists the unnamed portal of the query that asks).
const OPEN_CURSORS = `SELECT count(*)::int AS n FROM pg_cursors WHERE name <> ''`;

type Harness = {
  db: TestDatabase;
  /** Sessions that always use one and the same connection, so pg_cursors sees their cursors. */
  single: SqlSessions;
  openCursors(): Promise<number>;
  close(): Promise<void>;
};

async function harness(backend: 'postgres' | 'pglite'): Promise<Harness> {
  if (backend === 'postgres') {
    const db = await createTestDatabase({ backend });
    const pool = new pg.Pool({ connectionString: db.url, max: 1 });
    const single = pgSessions(pool, 1);
    return {
      db,
      single,
      openCursors: async () => {
        const session = await single.acquire();
        try {
          const [row] = await session.query<{ n: number }>(OPEN_CURSORS);
          return row?.n ?? -1;
        } finally {
          session.release();
        }
      },
      close: async () => {
        await pool.end();
        await db.dispose();
      },
    };
  }
  const pglite = await openPglite(undefined);
  const database: Database = await createDatabase({ pglite });
  await database.migrate();
  return {
    db: { ...database, name: 'pglite:memory', dispose: () => database.close() },
    single: pgliteSessions(pglite, 1),
    openCursors: async () => (await pglite.query<{ n: number }>(OPEN_CURSORS)).rows[0]?.n ?? -1,
    close: async () => {
      await database.close();
      await pglite.close();
    },
  };
}

async function seedOntology(db: Database, source: string, title = 'chunked'): Promise<{ row: OntologyRow; commitId: string }> {
  const userId = randomUUID();
  const accountId = randomUUID();
  await db.sql.query(`INSERT INTO "users" ("id", "email", "name", "password_hash", "updated_at") VALUES ($1::uuid, $2, 'U', 'x', now())`, [userId, `${userId}@example.com`]);
  await db.sql.query(`INSERT INTO "accounts" ("id", "name", "owner_id", "updated_at") VALUES ($1::uuid, 'A', $2::uuid, now())`, [accountId, userId]);
  const id = randomUUID();
  const commitId = randomUUID();
  const created = await insertOntology(
    db.sql,
    { id, accountId, parentId: null, title, description: '', visibility: 'private', sourceFormat: 'other', version: '1.0.0', headHash: 'h', headSeq: 1 },
    { id: commitId, seq: 1, parentHash: null, commitHash: 'h', message: 'm', sourceFormat: 'other', version: '1.0.0', authorId: userId, source },
  );
  const { commits: _commits, ...row } = created;
  return { row, commitId };
}

async function collect(chunks: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const chunk of chunks) out.push(chunk);
  return out;
}

describe.each(testBackends())('chunked source reads on %s', (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness(backend);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('when a source starts with a byte order mark then the chunks keep it', async () => {
    const source = `\uFEFF${MIXED.repeat(20)}\r\n`;
    const { commitId } = await seedOntology(h.db, source);
    for (const chunkBytes of [4, 64, 32 * 1024]) {
      expect((await collect(readSourceChunks(h.db.sessions, commitId, { chunkBytes }))).join('')).toBe(source);
    }
  });

  it('when a source has multi-byte characters across chunk edges then the chunks join to the exact text', async () => {
    const source = MIXED.repeat(50);
    const { commitId } = await seedOntology(h.db, source);
    for (const chunkBytes of [4, 5, 7, 64]) {
      const chunks = await collect(readSourceChunks(h.db.sessions, commitId, { chunkBytes }));
      expect(chunks.join('')).toBe(source);
      expect(chunks.length).toBeGreaterThan(1);
      for (const chunk of chunks) {
        // A cut moves back to the start of its character: at most 3 bytes more than asked.
        expect(Buffer.byteLength(chunk)).toBeLessThanOrEqual(chunkBytes + 3);
        // Whole characters only: no chunk starts with the second half of a surrogate pair.
        expect(/^[\udc00-\udfff]/.test(chunk)).toBe(false);
      }
      expect(chunks.map((chunk) => JSON.stringify(chunk).slice(1, -1)).join('')).toBe(JSON.stringify(source).slice(1, -1));
    }
    expect(await h.openCursors()).toBe(0);
  });

  it('when a head is asked for then the read stops soon after it: a prefix of the source, whole when shorter', async () => {
    const source = `\uFEFF${MIXED.repeat(40_000)}`;
    const { commitId } = await seedOntology(h.db, source);
    const head = await readSourceHead(h.single, commitId, 1000);
    expect(head.length).toBeGreaterThanOrEqual(1000);
    expect(head.length).toBeLessThan(100_000);
    expect(source.startsWith(head)).toBe(true);
    expect(await readSourceHead(h.single, commitId, source.length * 2)).toBe(source);
    expect(await h.openCursors()).toBe(0);
  });

  it('when the commit does not exist then nothing is yielded', async () => {
    expect(await collect(readSourceChunks(h.db.sessions, randomUUID()))).toEqual([]);
  });

  it('when a chunk could not hold the longest character then it refuses before taking a session', async () => {
    await expect(collect(readSourceChunks(h.single, randomUUID(), { chunkBytes: 3 }))).rejects.toThrow(RangeError);
    expect(await h.openCursors()).toBe(0);
  });

  it('when the reader stops early then its session is given back', async () => {
    const { commitId } = await seedOntology(h.db, 'x'.repeat(10_000));
    for await (const chunk of readSourceChunks(h.single, commitId, { chunkBytes: 100 })) {
      expect(chunk).toHaveLength(100);
      break;
    }
    // The one session is free again (or this would wait forever) and holds no cursor.
    expect(await h.openCursors()).toBe(0);
  });

  it('when the reader is suspended then it holds no session and the read goes on where it stopped', async () => {
    const source = MIXED.repeat(200);
    const { commitId } = await seedOntology(h.db, source);
    const chunks: string[] = [];
    const reader = readSourceChunks(h.single, commitId, { chunkBytes: 7 });
    for await (const chunk of reader) {
      chunks.push(chunk);
      if (chunks.length === 3 || chunks.length === 40) {
        // The one session is free (else this waits and fails) and no cursor is left open.
        const session = await h.single.acquire(AbortSignal.timeout(2_000));
        session.release();
        expect(await h.openCursors()).toBe(0);
      }
    }
    expect(chunks.join('')).toBe(source);
    expect(await h.openCursors()).toBe(0);
  });

  it('when the commit goes away during the read then the reader fails, never a short source', async () => {
    // Several pieces (256 KiB of ops each): the first comes with the chain, the rest are fetched.
    const { row, commitId } = await seedOntology(h.db, 'w'.repeat(2_000_000));
    const reading = (async () => {
      let length = 0;
      for await (const chunk of readSourceChunks(h.single, commitId, { chunkBytes: 100_000 })) {
        if (length === 0) await h.db.sql.query(`DELETE FROM "ontologies" WHERE "id" = $1::uuid`, [row.id]);
        length += chunk.length;
      }
      return length;
    })();
    await expect(reading).rejects.toThrow(/source read stopped at piece [1-7] of 8/);
    expect(await h.openCursors()).toBe(0);
  });

  it('when a query fails mid-read then the error reaches the reader and the session is given back', async () => {
    const { commitId } = await seedOntology(h.db, 'y'.repeat(600_000));
    let queries = 0;
    const failing: SqlSessions = {
      kind: h.single.kind,
      acquire: async (signal) => {
        const session = await h.single.acquire(signal);
        return {
          query: <T>(sql: string, params?: unknown[]) => (++queries === 2 ? Promise.reject(new Error('fetch failed')) : session.query<T>(sql, params)),
          release: (error) => session.release(error),
        };
      },
    };
    await expect(collect(readSourceChunks(failing, commitId, { chunkBytes: 100 }))).rejects.toThrow('fetch failed');
    expect(await h.openCursors()).toBe(0);
  });

  it('when a page mixes small and large sources then the small ones come inline and the large in chunks', async () => {
    const small = await seedOntology(h.db, 'small source');
    const large = await seedOntology(h.db, MIXED.repeat(20));
    const missing = { ...small.row, id: randomUUID() };
    const items = [];
    for await (const item of withStreamedHeadSources(h.db, [large.row, small.row, missing], { inlineBytes: 100 })) {
      items.push({ id: item.row.id, source: typeof item.source === 'string' ? item.source : (await collect(item.source)).join(''), inline: typeof item.source === 'string' });
    }
    expect(items).toEqual([
      { id: large.row.id, source: MIXED.repeat(20), inline: false },
      { id: small.row.id, source: 'small source', inline: true },
      { id: missing.id, source: '', inline: true },
    ]);
  });

  it('when the waiting reader is aborted then it rejects without taking a session', async () => {
    const { commitId } = await seedOntology(h.db, 'z'.repeat(1_000));
    const held = await h.single.acquire();
    const controller = new AbortController();
    const reading = collect(readSourceChunks(h.single, commitId, { signal: controller.signal }));
    controller.abort(new Error('client left'));
    await expect(reading).rejects.toThrow('client left');
    held.release();
    expect(await h.openCursors()).toBe(0);
  });
});
