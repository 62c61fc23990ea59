// Reads one commit's source in bounded chunks through a cursor, so a source of any size costs
// a few chunks of memory. PostgreSQL's character substring scans from the start of the value
// on every call (quadratic over a large source: 1 s for a 4 MB one in 64 K-character chunks),
// so the cursor's query takes the UTF-8 bytes once and slices them (linear, about 10 ms).
// A character split between two slices never reaches the writer half done: either the cut
// moves back to the character's first byte (text chunks) or a streaming decoder completes it
// (byte chunks), so surrogate pairs stay together. The format depends on the back end:
// - PostgreSQL: bytea. node-pg's text values of a FETCH were promoted to V8's old generation
//   (garbage only a full collection frees: the heap grew to 330 MB in the list-memory bench),
//   while a bytea value becomes a Buffer whose bytes live outside the heap.
// - PGlite: text. Its bytea results are slow (0.3 s for 4 MB, against 9 ms as text).
import type { SqlSession, SqlSessions } from '../sql-sessions.js';

/** Bytes per chunk (a chunk may carry up to 3 more: the end of a split character). */
export const SOURCE_CHUNK_BYTES = 32 * 1024;
/** Chunks per FETCH round trip. */
const FETCH_ROWS = { postgres: 4, pglite: 8 } as const;

let cursors = 0;

// $1 the commit id, $2 the chunk size in bytes. OFFSET 0 keeps the bytes computed once.
const SOURCE_BYTES = `(SELECT convert_to("source", 'UTF8') AS "b", octet_length("source") AS "len" FROM "commits" WHERE "id" = $1::uuid OFFSET 0) s`;

/** The first byte of the character that holds byte `p` of s."b" (a UTF-8 character has at most 4). */
const characterStart = (p: string) => `CASE
      WHEN ${p} >= s."len" THEN s."len"
      WHEN get_byte(s."b", ${p}) & 192 <> 128 THEN ${p}
      WHEN get_byte(s."b", ${p} - 1) & 192 <> 128 THEN ${p} - 1
      WHEN get_byte(s."b", ${p} - 2) & 192 <> 128 THEN ${p} - 2
      ELSE ${p} - 3 END`;

const chunkQuery = {
  postgres: `SELECT k."n", substring(s."b" from k."n" * $2::int + 1 for $2::int) AS "chunk"
  FROM ${SOURCE_BYTES}, generate_series(0, (s."len" - 1) / $2::int) AS k("n")`,
  pglite: `SELECT k."n", convert_from(substring(s."b" from c."lo" + 1 for c."hi" - c."lo"), 'UTF8') AS "chunk"
  FROM ${SOURCE_BYTES}, generate_series(0, (s."len" - 1) / $2::int) AS k("n"),
       LATERAL (SELECT ${characterStart('k."n" * $2::int')} AS "lo", ${characterStart('(k."n" + 1) * $2::int')} AS "hi") c`,
} as const;

type ChunkRow = { n: number; chunk: Uint8Array | string };

export type SourceChunkOptions = {
  /** Stops waiting for a session when it aborts (the client left). */
  signal?: AbortSignal;
  /** At least 4 (the longest UTF-8 character), so every chunk ends at least one character. */
  chunkBytes?: number;
};

async function* fetchedChunks(session: SqlSession, cursor: string, rowsPerFetch: number): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let expected = 0;
  for (;;) {
    const rows = await session.query<ChunkRow>(`FETCH FORWARD ${rowsPerFetch} FROM ${cursor}`);
    for (const row of rows) {
      // The plan yields the chunks in order; a reordered one must not become silently corrupt text.
      if (Number(row.n) !== expected) throw new Error(`source chunk ${row.n} came out of order (expected ${expected})`);
      expected += 1;
      const text = typeof row.chunk === 'string' ? row.chunk : decoder.decode(row.chunk, { stream: true });
      if (text) yield text;
    }
    if (rows.length < rowsPerFetch) break;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

/**
 * Yields the source of commit `commitId` as text, chunk by chunk (nothing for a missing
 * commit). Holds one session from the first chunk until the end or until the consumer stops
 * (`return()`, e.g. a `break` out of `for await`), which closes the cursor.
 */
export async function* readSourceChunks(sessions: SqlSessions, commitId: string, options: SourceChunkOptions = {}): AsyncGenerator<string> {
  const chunkBytes = options.chunkBytes ?? SOURCE_CHUNK_BYTES;
  if (!Number.isInteger(chunkBytes) || chunkBytes < 4) throw new RangeError(`chunkBytes must be a whole number of at least 4, got ${chunkBytes}`);
  const session = await sessions.acquire(options.signal);
  const cursor = `oms_source_${(cursors += 1)}`;
  let declared = false;
  let failure: Error | undefined;
  try {
    await session.query(`DECLARE ${cursor} NO SCROLL CURSOR WITH HOLD FOR ${chunkQuery[sessions.kind]}`, [commitId, chunkBytes]);
    declared = true;
    yield* fetchedChunks(session, cursor, FETCH_ROWS[sessions.kind]);
  } catch (error) {
    failure = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    // Always close: on PGlite the session outlives this read, and a held cursor keeps its rows.
    if (declared) await session.query(`CLOSE ${cursor}`).catch((error: unknown) => (failure ??= error instanceof Error ? error : new Error(String(error))));
    session.release(failure);
  }
}
