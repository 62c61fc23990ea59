// Reads one commit's source in bounded chunks through a cursor, so a source of any size costs
// a few chunks of memory. PostgreSQL's character substring scans from the start of the value
// on every call (quadratic over a large source), so the cursor slices the UTF-8 bytes once
// (linear) and the chunks are decoded here; a character split between chunks is completed by
// the streaming decoder, so no chunk ends in half a character or half a surrogate pair.
// Bytes, not text: the driver's text values of a FETCH outlive a young-generation collection
// or two and were promoted to the old generation (garbage only a full collection frees),
// whereas a bytea value becomes a Buffer whose contents live outside the JavaScript heap and
// are decoded only when the writer is ready for them.
import type { SqlSession, SqlSessions } from '../sql-sessions.js';

/** Bytes per chunk (a decoded chunk may carry up to 3 more: the end of a split character). */
export const SOURCE_CHUNK_BYTES = 32 * 1024;
/** Chunks per FETCH round trip. */
const FETCH_ROWS = 4;

let cursors = 0;

const declareCursor = (name: string) => `DECLARE ${name} NO SCROLL CURSOR WITH HOLD FOR
  SELECT g."off", substring(s."b" from g."off" + 1 for $2::int) AS "chunk"
  FROM (SELECT convert_to("source", 'UTF8') AS "b" FROM "commits" WHERE "id" = $1::uuid OFFSET 0) s,
       generate_series(0, octet_length(s."b") - 1, $2::int) AS g("off")`;

type ChunkRow = { off: number; chunk: Uint8Array };

export type SourceChunkOptions = {
  /** Stops waiting for a session when it aborts (the client left). */
  signal?: AbortSignal;
  /** At least 4 (the longest UTF-8 character), so every chunk completes a character. */
  chunkBytes?: number;
};

async function* decodedChunks(session: SqlSession, cursor: string, chunkBytes: number): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let expected = 0;
  for (;;) {
    const rows = await session.query<ChunkRow>(`FETCH FORWARD ${FETCH_ROWS} FROM ${cursor}`);
    for (const row of rows) {
      // The plan yields the slices in order; a reordered one must not become silently corrupt text.
      if (Number(row.off) !== expected || row.chunk.byteLength > chunkBytes) throw new Error(`source chunk at byte ${row.off} came out of order (expected ${expected})`);
      expected += row.chunk.byteLength;
      const text = decoder.decode(row.chunk, { stream: true });
      if (text) yield text;
    }
    if (rows.length < FETCH_ROWS) break;
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
    await session.query(declareCursor(cursor), [commitId, chunkBytes]);
    declared = true;
    yield* decodedChunks(session, cursor, chunkBytes);
  } catch (error) {
    failure = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    // Always close: on PGlite the session outlives this read, and a held cursor keeps its rows.
    if (declared) await session.query(`CLOSE ${cursor}`).catch((error: unknown) => (failure ??= error instanceof Error ? error : new Error(String(error))));
    session.release(failure);
  }
}
