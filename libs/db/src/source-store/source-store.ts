// Where commit sources live (DESIGN 8 "Storage"; docs/decisions.md "Source storage: line
// deltas"): a version is stored as a line delta against the ontology's previous head, or whole
// when it has none or when the chain of deltas under that head is MAX_DELTA_DEPTH long, as ops
// in compressed pieces (op-pieces.ts). Writes stream: the source (a string, or bytes while they
// arrive) is hashed, diffed against its base read back piece by piece, and written a piece at a
// time, inside the caller's transaction (a failed commit leaves no pieces). Reads rebuild a
// version by one pass over its chain, a few pieces of each level at a time; no query holds a
// session between two fetches.
import { createHash } from 'node:crypto';
import { lineDelta } from './line-delta.js';
import { applyPieces, decompressPiece, inflatePiece, PieceWriter, wholeVersionBytes, type PieceCodec } from './op-pieces.js';
import { segmentBatches, SegmentWindow } from './segments.js';
import { utf16Length } from './utf16-length.js';

/** One SQL statement with positional parameters ($1, ...), answering its rows. */
export type SqlQuery = <T>(sql: string, params?: unknown[]) => Promise<T[]>;

/** A source to store: text, or its UTF-8 bytes as they arrive. */
export type SourceInput = string | AsyncIterable<Uint8Array>;

/** The longest chain of deltas under a version; the next one is stored whole (git's pack.depth). */
export const MAX_DELTA_DEPTH = 50;
/** The codec of new versions (measured against brotli: docs/decisions.md). */
const CODEC = 'deflate';
/** Pieces per fetch when reading. */
const PIECES_PER_FETCH = 4;
/** Bytes a string source is handed over in. */
const INPUT_SLICE_BYTES = 64 * 1024;

export type StoredSource = {
  /** Length of the source in bytes (UTF-8). */
  bytes: number;
  /** SHA-256 of the source bytes, hex. */
  sha256: string;
  /** Length of the source as text, in UTF-16 code units (the agent tools' `source_chars`). */
  chars: number;
  /** Compressed bytes written for this version. */
  storedBytes: number;
  /** Deltas down to a whole version (0: stored whole). */
  depth: number;
};

export type StoreSourceInput = {
  commitId: string;
  ontologyId: string;
  source: SourceInput;
  /**
   * The version to store a delta against: a commit id, null for none (stored whole), or
   * undefined for the ontology's head (the `applied` commit other than this one) if any.
   */
  baseCommitId?: string | null;
  /**
   * The base's text when the caller holds it already (e.g. the head source it read under the
   * ontology's lock): used instead of rebuilding the base when its SHA-256 matches the stored one.
   */
  baseText?: string;
};

async function* sliced(text: string): AsyncGenerator<Uint8Array> {
  const bytes = Buffer.from(text, 'utf8');
  for (let at = 0; at < bytes.byteLength; at += INPUT_SLICE_BYTES) yield bytes.subarray(at, at + INPUT_SLICE_BYTES);
}

async function* flattened(batches: AsyncIterable<Uint8Array[]>): AsyncGenerator<Uint8Array> {
  for await (const batch of batches) yield* batch;
}

type Base = { id: string; depth: number; sha256: string };

async function baseOf(q: SqlQuery, input: StoreSourceInput): Promise<Base | undefined> {
  if (input.baseCommitId === null) return undefined;
  const rows =
    input.baseCommitId === undefined
      ? await q<Base>(
          `SELECT s."commit_id"::text AS "id", s."depth", s."sha256" FROM "commits" c JOIN "commit_sources" s ON s."commit_id" = c."id"
           WHERE c."ontology_id" = $1::uuid AND c."status" = 'applied' AND c."id" <> $2::uuid`,
          [input.ontologyId, input.commitId],
        )
      : await q<Base>(`SELECT "commit_id"::text AS "id", "depth", "sha256" FROM "commit_sources" WHERE "commit_id" = $1::uuid`, [input.baseCommitId]);
  const base = rows[0];
  return base && Number(base.depth) < MAX_DELTA_DEPTH ? { id: base.id, depth: Number(base.depth), sha256: base.sha256 } : undefined;
}

/** Stores the source of commit `commitId`; run it in the commit's transaction. */
export async function storeSource(q: SqlQuery, input: StoreSourceInput): Promise<StoredSource> {
  const base = await baseOf(q, input);
  const hash = createHash('sha256');
  let bytes = 0;
  let chars = 0;
  async function* tapped(): AsyncGenerator<Uint8Array> {
    for await (const chunk of typeof input.source === 'string' ? sliced(input.source) : input.source) {
      hash.update(chunk);
      bytes += chunk.byteLength;
      chars += utf16Length(chunk);
      yield chunk;
    }
  }
  let n = 0;
  const writer = new PieceWriter(CODEC, async (pieces) => {
    const values = pieces.map((_, i) => `($1::uuid, $${i * 2 + 2}::int, $${i * 2 + 3})`).join(', ');
    const params: unknown[] = [input.commitId];
    for (const piece of pieces) params.push((n += 1) - 1, piece);
    await q(`INSERT INTO "commit_source_pieces" ("commit_id", "n", "data") VALUES ${values}`, params);
  });
  if (base) {
    const held = input.baseText !== undefined && createHash('sha256').update(input.baseText, 'utf8').digest('hex') === base.sha256;
    const baseBytes = held ? sliced(input.baseText as string) : flattened(readStoredSource(q, base.id));
    await lineDelta(new SegmentWindow(segmentBatches(baseBytes)), new SegmentWindow(segmentBatches(tapped())), writer);
  } else {
    for await (const chunk of tapped()) {
      writer.insertBytes(chunk);
      await writer.drain();
    }
  }
  await writer.finish();
  const stored: StoredSource = { bytes, sha256: hash.digest('hex'), chars, storedBytes: writer.storedBytes, depth: base ? base.depth + 1 : 0 };
  await q(
    `INSERT INTO "commit_sources" ("commit_id", "ontology_id", "base_id", "depth", "codec", "bytes", "sha256", "chars", "pieces", "stored_bytes")
     VALUES ($1::uuid, $2::uuid, $3::uuid, $4::int, $5, $6::bigint, $7, $8::bigint, $9::int, $10::bigint)`,
    [input.commitId, input.ontologyId, base?.id ?? null, stored.depth, CODEC, bytes, stored.sha256, chars, writer.pieces, writer.storedBytes],
  );
  return stored;
}

/** One version of a chain, with its first piece (so that a small source reads in one query). */
type Level = { id: string; codec: PieceCodec; pieces: number; first: Uint8Array | null };

/** The chain under a version, whole version first (empty when the commit has no source), with the first piece of each. */
async function chainOf(q: SqlQuery, commitId: string): Promise<Level[]> {
  const rows = await q<{ id: string; codec: PieceCodec; pieces: number; depth: number; first: Uint8Array | null }>(
    `WITH RECURSIVE chain AS (
       SELECT "commit_id", "base_id", "codec", "pieces", "depth" FROM "commit_sources" WHERE "commit_id" = $1::uuid
       UNION ALL
       SELECT s."commit_id", s."base_id", s."codec", s."pieces", s."depth" FROM "commit_sources" s JOIN chain ON s."commit_id" = chain."base_id"
     ) SELECT chain."commit_id"::text AS "id", chain."codec", chain."pieces", chain."depth", p."data" AS "first"
       FROM chain LEFT JOIN "commit_source_pieces" p ON p."commit_id" = chain."commit_id" AND p."n" = 0
       ORDER BY chain."depth"`,
    [commitId],
  );
  return rows.map((row) => ({ id: row.id, codec: row.codec, pieces: Number(row.pieces), first: row.first }));
}

/** A promise whose rejection is handled later or never (a read ended early): not an unhandled rejection meanwhile. */
function settledLater<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

/**
 * The decompressed pieces of one level, in order. The pieces of one fetch are inflated together
 * on libuv's thread pool, off the event loop, while the first of them is taken.
 */
async function* piecesOf(q: SqlQuery, level: Level): AsyncGenerator<Uint8Array> {
  let next = 0;
  if (level.pieces > 0) {
    if (!level.first) throw new Error(`source read stopped at piece 0 of ${level.pieces}`);
    const first = level.first;
    level.first = null;
    next = 1;
    yield decompressPiece(level.codec, first);
  }
  while (next < level.pieces) {
    const rows = await q<{ n: number; data: Uint8Array }>(
      `SELECT "n", "data" FROM "commit_source_pieces" WHERE "commit_id" = $1::uuid AND "n" >= $2::int ORDER BY "n" LIMIT $3::int`,
      [level.id, next, PIECES_PER_FETCH],
    );
    if (rows.length === 0) throw new Error(`source read stopped at piece ${next} of ${level.pieces}`);
    const inflating = rows.map((row, index) => {
      // A missing piece must not become a silently wrong source.
      if (Number(row.n) !== next + index) throw new Error(`source piece ${row.n} came out of order (expected ${next + index})`);
      return settledLater(inflatePiece(level.codec, row.data));
    });
    next += rows.length;
    for (const piece of inflating) yield await piece;
  }
}

/**
 * The bytes of commit `commitId`'s source, in batches of views (nothing for a commit without
 * a source). A consumer that stops early ends every level's read.
 */
export async function* readStoredSource(q: SqlQuery, commitId: string): AsyncGenerator<Uint8Array[]> {
  const chain = await chainOf(q, commitId);
  let stream: AsyncIterable<Uint8Array[]> | undefined;
  for (const level of chain) stream = applyPieces(piecesOf(q, level), level.codec === 'plain', stream);
  if (stream) yield* stream;
}

/** Size and SHA-256 of the ontology's head source (its `applied` commit), or null. */
export async function headSourceInfo(q: SqlQuery, ontologyId: string): Promise<{ bytes: number; sha256: string } | null> {
  const [row] = await q<{ bytes: string | number; sha256: string }>(
    `SELECT s."bytes"::text AS "bytes", s."sha256" FROM "commits" c JOIN "commit_sources" s ON s."commit_id" = c."id" WHERE c."ontology_id" = $1::uuid AND c."status" = 'applied'`,
    [ontologyId],
  );
  return row ? { bytes: Number(row.bytes), sha256: row.sha256 } : null;
}

/** Length and SHA-256 of a commit's source bytes, or null when it has none stored. */
export async function storedSourceInfo(q: SqlQuery, commitId: string): Promise<{ bytes: number; sha256: string } | null> {
  const [row] = await q<{ bytes: string | number; sha256: string }>(`SELECT "bytes"::text AS "bytes", "sha256" FROM "commit_sources" WHERE "commit_id" = $1::uuid`, [commitId]);
  return row ? { bytes: Number(row.bytes), sha256: row.sha256 } : null;
}

/** Bytes in pieces of about `chunkBytes` (the last may be shorter), copied once. */
export async function* rechunked(batches: AsyncIterable<Uint8Array[]>, chunkBytes: number): AsyncGenerator<Uint8Array> {
  let held: Uint8Array[] = [];
  let size = 0;
  for await (const batch of batches) {
    for (const part of batch) {
      let rest = part;
      while (size + rest.byteLength >= chunkBytes) {
        const take = chunkBytes - size;
        held.push(rest.subarray(0, take));
        yield held.length === 1 ? (held[0] as Uint8Array) : Buffer.concat(held, chunkBytes);
        rest = rest.subarray(take);
        held = [];
        size = 0;
      }
      if (rest.byteLength > 0) {
        held.push(rest);
        size += rest.byteLength;
      }
    }
  }
  if (size > 0) yield Buffer.concat(held, size);
}

/** The whole source of a commit as text (byte for byte, a BOM kept), or null when it has none stored. */
export async function readStoredSourceText(q: SqlQuery, commitId: string): Promise<string | null> {
  const parts: Uint8Array[] = [];
  let found = false;
  for await (const batch of readStoredSource(q, commitId)) {
    found = true;
    for (const part of batch) parts.push(part);
  }
  if (!found && (await storedSourceInfo(q, commitId)) === null) return null;
  return Buffer.concat(parts).toString('utf8');
}

/** What a query joined to "commit_sources" and the first piece knows of a commit's source. */
export type SourceHead = { codec: PieceCodec | null; depth: number | null; pieces: number | null; first: Uint8Array | null };

/**
 * SQL for the columns of a SourceHead (`source_codec`, `source_depth`, `source_pieces`,
 * `source_first`), given the aliases of a joined "commit_sources" and a piece joined on n = 0.
 */
export const sourceHeadColumns = (sources: string, piece: string) =>
  `${sources}."codec" AS "source_codec", ${sources}."depth" AS "source_depth", ${sources}."pieces" AS "source_pieces", ${piece}."data" AS "source_first"`;

/**
 * The text of a commit's source from what a joined query brought: at once when it is stored
 * whole in at most one piece (most sources: one query for the row and its source), else read
 * from the store.
 */
export async function sourceTextFrom(q: SqlQuery, commitId: string, head: SourceHead): Promise<string> {
  if (head.codec === null) return '';
  const pieces = Number(head.pieces);
  if (Number(head.depth) === 0 && pieces <= 1) return pieces === 0 ? '' : wholeVersionBytes(head.codec, [head.first as Uint8Array]).toString('utf8');
  return (await readStoredSourceText(q, commitId)) ?? '';
}
