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
// A read never holds its session while its consumer waits (e.g. for a client that does not
// read): when the reader stays suspended longer than `parkAfterMs`, its cursor is closed and
// the session given back; the next chunk asked for opens a new cursor from where it stopped.
// Memory held meanwhile is one FETCH (a few chunks).
import type { SqlSession, SqlSessions } from '../sql-sessions.js';

/** Bytes per chunk (a chunk may carry up to 3 more: the end of a split character). */
export const SOURCE_CHUNK_BYTES = 32 * 1024;
/** Chunks per FETCH round trip. */
const FETCH_ROWS = { postgres: 4, pglite: 8 } as const;
/** How long a suspended read keeps its session before giving it back. */
const PARK_AFTER_MS = 100;

let cursors = 0;

// $1 the commit id, $2 the chunk size in bytes, $3 the first chunk. OFFSET 0 keeps the bytes computed once.
const SOURCE_BYTES = `(SELECT convert_to("source", 'UTF8') AS "b", octet_length("source") AS "len" FROM "commits" WHERE "id" = $1::uuid OFFSET 0) s`;

/** The first byte of the character that holds byte `p` of s."b" (a UTF-8 character has at most 4). */
const characterStart = (p: string) => `CASE
      WHEN ${p} >= s."len" THEN s."len"
      WHEN get_byte(s."b", ${p}) & 192 <> 128 THEN ${p}
      WHEN get_byte(s."b", ${p} - 1) & 192 <> 128 THEN ${p} - 1
      WHEN get_byte(s."b", ${p} - 2) & 192 <> 128 THEN ${p} - 2
      ELSE ${p} - 3 END`;

const chunkQuery = {
  postgres: `SELECT k."n", (s."len" - 1) / $2::int + 1 AS "total", substring(s."b" from k."n" * $2::int + 1 for $2::int) AS "chunk"
  FROM ${SOURCE_BYTES}, generate_series($3::int, (s."len" - 1) / $2::int) AS k("n")`,
  pglite: `SELECT k."n", (s."len" - 1) / $2::int + 1 AS "total", convert_from(substring(s."b" from c."lo" + 1 for c."hi" - c."lo"), 'UTF8') AS "chunk"
  FROM ${SOURCE_BYTES}, generate_series($3::int, (s."len" - 1) / $2::int) AS k("n"),
       LATERAL (SELECT ${characterStart('k."n" * $2::int')} AS "lo", ${characterStart('(k."n" + 1) * $2::int')} AS "hi") c`,
} as const;

type ChunkRow = { n: number; total: number; chunk: Uint8Array | string };

export type SourceChunkOptions = {
  /** Stops waiting for a session when it aborts (the client left). */
  signal?: AbortSignal;
  /** At least 4 (the longest UTF-8 character), so every chunk ends at least one character. */
  chunkBytes?: number;
  /** Whose read this is: sessions are shared fairly between keys (e.g. user ids). */
  key?: string;
  /** How long the reader may stay suspended before its cursor is closed and its session given back. */
  parkAfterMs?: number;
};

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

type OpenRead = { session: SqlSession; cursor: string };

/** Closes the cursor (always: on PGlite the session outlives the read, and a held cursor keeps its rows) and gives the session back. */
async function closeRead(read: OpenRead, failure?: Error): Promise<void> {
  let error = failure;
  try {
    await read.session.query(`CLOSE ${read.cursor}`);
  } catch (closeError) {
    error ??= asError(closeError);
  }
  read.session.release(error);
}

/**
 * Yields the source of commit `commitId` as text, chunk by chunk (nothing for a missing
 * commit). Holds a session only while the consumer keeps up (see above); a consumer that stops
 * (`return()`, e.g. a `break` out of `for await`) closes the cursor.
 */
export async function* readSourceChunks(sessions: SqlSessions, commitId: string, options: SourceChunkOptions = {}): AsyncGenerator<string> {
  const chunkBytes = options.chunkBytes ?? SOURCE_CHUNK_BYTES;
  if (!Number.isInteger(chunkBytes) || chunkBytes < 4) throw new RangeError(`chunkBytes must be a whole number of at least 4, got ${chunkBytes}`);
  const parkAfterMs = options.parkAfterMs ?? PARK_AFTER_MS;
  const rowsPerFetch = FETCH_ROWS[sessions.kind];
  // ignoreBOM: a source that starts with a byte order mark keeps it (byte for byte).
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  let open: OpenRead | undefined;
  let parking: Promise<void> | undefined;
  let failure: Error | undefined;
  /** The next chunk's index, and how many there are (from the first row). */
  let next = 0;
  let total: number | undefined;

  const park = () => {
    if (!open) return;
    const read = open;
    open = undefined;
    parking = closeRead(read);
  };

  const fetchRows = async (): Promise<ChunkRow[]> => {
    if (parking) await parking;
    parking = undefined;
    if (!open) {
      const session = await sessions.acquire(options.signal, options.key);
      const cursor = `oms_source_${(cursors += 1)}`;
      try {
        await session.query(`DECLARE ${cursor} NO SCROLL CURSOR WITH HOLD FOR ${chunkQuery[sessions.kind]}`, [commitId, chunkBytes, next]);
      } catch (error) {
        session.release(asError(error));
        throw error;
      }
      open = { session, cursor };
    }
    return open.session.query<ChunkRow>(`FETCH FORWARD ${rowsPerFetch} FROM ${open.cursor}`);
  };

  try {
    for (;;) {
      const rows = await fetchRows();
      for (const row of rows) {
        // The plan yields the chunks in order; a reordered one must not become silently corrupt text.
        if (Number(row.n) !== next) throw new Error(`source chunk ${row.n} came out of order (expected ${next})`);
        next += 1;
        total ??= Number(row.total);
        const text = typeof row.chunk === 'string' ? row.chunk : decoder.decode(row.chunk, { stream: true });
        if (!text) continue;
        const timer = setTimeout(park, parkAfterMs);
        try {
          yield text;
        } finally {
          clearTimeout(timer);
        }
      }
      if (rows.length < rowsPerFetch) break;
    }
    // A read resumed after its commit went away finds no rows: never a silently short source.
    if (total !== undefined && next !== total) throw new Error(`source read stopped at chunk ${next} of ${total}`);
    const rest = decoder.decode();
    if (rest) yield rest;
  } catch (error) {
    failure = asError(error);
    throw error;
  } finally {
    if (parking) await parking;
    if (open) await closeRead(open, failure);
  }
}
