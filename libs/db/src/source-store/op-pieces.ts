// The stored form of a version: a stream of ops (copy n bytes of the base, remove n bytes of the
// base, insert n bytes given) cut into pieces of at most PIECE_BYTES, each compressed on its
// own, so that a version is written and read back one piece at a time (bounded memory). A
// version stored whole is the same stream with inserts only and no base. An op never spans
// two pieces (a long insert becomes several). Sources moved from the old `commits.source`
// column are stored `plain`: each piece is the bytes themselves.
// Op encoding: one byte (1 copy, 2 remove, 3 insert), the length as an unsigned LEB128, and for
// an insert the bytes.
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, brotliDecompress, brotliDecompressSync, constants, deflateRaw, deflateRawSync, inflateRaw, inflateRawSync } from 'node:zlib';
import type { OpSink } from './line-delta.js';

/** Op bytes per piece before compression. */
export const PIECE_BYTES = 256 * 1024;

export type PieceCodec = 'brotli' | 'deflate' | 'plain';

const COPY = 1;
const REMOVE = 2;
const INSERT = 3;
/** An op header: its code and a length of up to 2^53 (8 LEB128 bytes), with room to spare. */
const HEADER_BYTES = 10;

const BROTLI_QUALITY = 5;
/**
 * zlib's fastest level: about a fifth of the default level's CPU for a quarter more stored bytes
 * (docs/decisions.md, "Store at deflate level 1"). Inflating does not depend on the level, so
 * pieces written at any level read back alike.
 */
const DEFLATE_OPTIONS = { level: 1 };

export function compressPiece(codec: PieceCodec, bytes: Uint8Array): Buffer {
  if (codec === 'brotli') {
    return brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength },
    });
  }
  if (codec === 'deflate') return deflateRawSync(bytes, DEFLATE_OPTIONS);
  return Buffer.from(bytes);
}

const deflateRawAsync = promisify(deflateRaw);
const brotliCompressAsync = promisify(brotliCompress);

/** compressPiece on libuv's thread pool (off the event loop). */
export function compressPieceAsync(codec: Exclude<PieceCodec, 'plain'>, bytes: Uint8Array): Promise<Buffer> {
  if (codec === 'brotli') {
    return brotliCompressAsync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength },
    });
  }
  return deflateRawAsync(bytes, DEFLATE_OPTIONS);
}

/**
 * Pieces sealed before the writer waits for their compression (one after the other on the
 * thread pool) and writes them: meanwhile the previous ones are written (a database round trip)
 * and the next input is read.
 */
const PIECES_IN_FLIGHT = 4;

export function decompressPiece(codec: PieceCodec, bytes: Uint8Array): Uint8Array {
  if (codec === 'brotli') return brotliDecompressSync(bytes);
  if (codec === 'deflate') return inflateRawSync(bytes);
  return bytes;
}

/** A piece's ops and a little more: a piece decompresses into one buffer. */
const INFLATE_CHUNK_BYTES = PIECE_BYTES + 4096;
const inflateRawAsync = promisify(inflateRaw);
const brotliDecompressAsync = promisify(brotliDecompress);

/** decompressPiece on libuv's thread pool (off the event loop). */
export async function inflatePiece(codec: PieceCodec, bytes: Uint8Array): Promise<Uint8Array> {
  // One output chunk per piece (the default 16 KB would cost a callback and a copy per 16 KB).
  if (codec === 'brotli') return brotliDecompressAsync(bytes, { chunkSize: INFLATE_CHUNK_BYTES });
  if (codec === 'deflate') return inflateRawAsync(bytes, { chunkSize: INFLATE_CHUNK_BYTES });
  return bytes;
}

/**
 * Collects ops into compressed pieces; consecutive copies (or removals) become one op. Pieces are
 * compressed on the thread pool, one after the other, and written in order, a few at a time and
 * one write at a time, while the next ones are compressed (memory: PIECES_IN_FLIGHT pieces and
 * one write).
 */
export class PieceWriter implements OpSink {
  private readonly buffer: Buffer;
  private at = 0;
  private copying = 0;
  private removing = 0;
  /** Sealed pieces being compressed, in order. */
  private ready: Promise<Buffer>[] = [];
  /** The write under way (its failure is thrown by the next drain or finish). */
  private writing: Promise<void> = Promise.resolve();
  /** The last piece's compression, settled (the next one starts after it). */
  private compressed: Promise<void> = Promise.resolve();
  /** Compressed bytes of every piece sealed so far. */
  storedBytes = 0;
  pieces = 0;

  constructor(
    private readonly codec: Exclude<PieceCodec, 'plain'>,
    private readonly write: (pieces: Buffer[]) => Promise<void>,
    pieceBytes = PIECE_BYTES,
  ) {
    if (pieceBytes < HEADER_BYTES * 2) throw new RangeError(`pieceBytes must be at least ${HEADER_BYTES * 2}`);
    this.buffer = Buffer.allocUnsafe(pieceBytes);
  }

  copy(bytes: number): void {
    if (bytes <= 0) return;
    this.flushRemove();
    this.copying += bytes;
  }

  remove(bytes: number): void {
    if (bytes <= 0) return;
    this.flushCopy();
    this.removing += bytes;
  }

  insertLatin1(text: string): void {
    if (text.length > 0) this.insertBytes(Buffer.from(text, 'latin1'));
  }

  insertBytes(bytes: Uint8Array): void {
    this.flushCopy();
    this.flushRemove();
    let from = 0;
    while (from < bytes.byteLength) {
      if (this.buffer.length - this.at < HEADER_BYTES + 1) this.seal();
      const take = Math.min(bytes.byteLength - from, this.buffer.length - this.at - HEADER_BYTES);
      this.header(INSERT, take);
      this.buffer.set(bytes.subarray(from, from + take), this.at);
      this.at += take;
      from += take;
    }
  }

  /** Writes the sealed pieces once enough are being compressed (after the write before them). */
  async drain(): Promise<void> {
    if (this.ready.length < PIECES_IN_FLIGHT) return;
    const compressing = this.ready;
    this.ready = [];
    await this.writing;
    this.writing = this.writeWhenCompressed(compressing);
    // Seen by the next drain or finish.
    this.writing.catch(() => undefined);
  }

  /** Writes what is left; a trailing removal is left out (the rest of the base is simply not read). */
  async finish(): Promise<void> {
    this.flushCopy();
    this.removing = 0;
    this.seal();
    const compressing = this.ready;
    this.ready = [];
    await this.writing;
    if (compressing.length > 0) await this.writeWhenCompressed(compressing);
  }

  private async writeWhenCompressed(compressing: Promise<Buffer>[]): Promise<void> {
    const pieces = await Promise.all(compressing);
    for (const piece of pieces) this.storedBytes += piece.byteLength;
    await this.write(pieces);
  }

  private flushCopy() {
    if (this.copying > 0) this.op(COPY, this.copying);
    this.copying = 0;
  }

  private flushRemove() {
    if (this.removing > 0) this.op(REMOVE, this.removing);
    this.removing = 0;
  }

  private op(code: number, length: number) {
    if (this.buffer.length - this.at < HEADER_BYTES) this.seal();
    this.header(code, length);
  }

  private header(code: number, length: number) {
    this.buffer[this.at++] = code;
    let rest = length;
    while (rest >= 128) {
      this.buffer[this.at++] = (rest % 128) | 128;
      rest = Math.floor(rest / 128);
    }
    this.buffer[this.at++] = rest;
  }

  private seal() {
    if (this.at === 0) return;
    // A copy: the buffer takes the next piece while this one is compressed. One piece at a time
    // (after the one before it), so that the store takes at most one more core beside the event
    // loop: the check of the same source runs on the other.
    const bytes = Buffer.from(this.buffer.subarray(0, this.at));
    const compressing = this.compressed.then(() => compressPieceAsync(this.codec, bytes));
    this.compressed = compressing.then(
      () => undefined,
      () => undefined,
    );
    // Awaited by the write that takes it; a failure is thrown there.
    compressing.catch(() => undefined);
    this.at = 0;
    this.ready.push(compressing);
    this.pieces += 1;
  }
}

/** Bytes taken from a base stream, in order; synchronous while the batch at hand lasts. */
class BaseReader {
  private parts: Uint8Array[] = [];
  private index = 0;
  private offset = 0;
  private readonly source: AsyncIterator<Uint8Array[]> | undefined;

  constructor(base: AsyncIterable<Uint8Array[]> | undefined) {
    this.source = base?.[Symbol.asyncIterator]();
  }

  /** Loads the next batch of the base; fails when there is none. */
  async refill(): Promise<void> {
    const next = this.source ? await this.source.next() : { done: true as const, value: undefined };
    if (next.done) throw new Error('a stored source refers to bytes past the end of its base');
    this.parts = next.value;
    this.index = 0;
    this.offset = 0;
  }

  /** Takes (into `out`, or passes over when `out` is undefined) up to `bytes` from the batch at hand; answers how many are still wanted. */
  take(bytes: number, out: Uint8Array[] | undefined): number {
    let rest = bytes;
    while (rest > 0 && this.index < this.parts.length) {
      const part = this.parts[this.index] as Uint8Array;
      const length = Math.min(rest, part.byteLength - this.offset);
      if (out && length > 0) out.push(part.subarray(this.offset, this.offset + length));
      this.offset += length;
      rest -= length;
      if (this.offset >= part.byteLength) {
        this.index += 1;
        this.offset = 0;
      }
    }
    return rest;
  }

  async close(): Promise<void> {
    await this.source?.return?.();
  }
}

/** Bytes a rebuilt version is yielded in (a batch of views), so memory stays bounded whatever the delta. */
const OUT_BATCH_BYTES = 256 * 1024;
/** A batch of more views than this is copied into one buffer: each level of a chain would otherwise cut the views of the one below finer. */
const MAX_VIEWS = 32;

const joined = (views: Uint8Array[], bytes: number): Uint8Array[] => (views.length > MAX_VIEWS ? [Buffer.concat(views, bytes)] : views);

/**
 * Rebuilds a version from its decompressed pieces and its base (the version it is a delta
 * of; none for a version stored whole), yielding its bytes in batches of views.
 */
export async function* applyPieces(pieces: AsyncIterable<Uint8Array>, plain: boolean, base?: AsyncIterable<Uint8Array[]>): AsyncGenerator<Uint8Array[]> {
  const reader = new BaseReader(base);
  try {
    let out: Uint8Array[] = [];
    let held = 0;
    for await (const piece of pieces) {
      if (plain) {
        if (piece.byteLength > 0) yield [piece];
        continue;
      }
      let at = 0;
      while (at < piece.byteLength) {
        const code = piece[at++];
        let length: number;
        [length, at] = opLength(piece, at);
        if (code === COPY || code === REMOVE) {
          // A long copy is yielded as it goes: never more than a batch of the base is held.
          let rest = length;
          while (rest > 0) {
            const want = code === COPY ? Math.min(rest, OUT_BATCH_BYTES - held) : rest;
            const got = want - reader.take(want, code === COPY ? out : undefined);
            rest -= got;
            if (code === COPY) held += got;
            if (held >= OUT_BATCH_BYTES) {
              yield joined(out, held);
              out = [];
              held = 0;
            }
            if (got < want) await reader.refill();
          }
        } else if (code === INSERT) {
          if (at + length > piece.byteLength) throw new Error('a stored source piece ends inside an insert');
          out.push(piece.subarray(at, at + length));
          held += length;
          at += length;
          if (held >= OUT_BATCH_BYTES) {
            yield joined(out, held);
            out = [];
            held = 0;
          }
        } else throw new Error(`a stored source piece holds an unknown op ${code}`);
      }
    }
    if (out.length > 0) yield joined(out, held);
  } finally {
    await reader.close();
  }
}

/** The length of the op at `at` (after its code): a little-endian base-128 number; and where the op's data starts. */
function opLength(piece: Uint8Array, at: number): [number, number] {
  let length = 0;
  let scale = 1;
  for (;;) {
    const byte = piece[at++];
    if (byte === undefined) throw new Error('a stored source piece ends inside an op');
    length += (byte & 127) * scale;
    if (byte < 128) return [length, at];
    scale *= 128;
  }
}

/** The bytes of a version stored whole, from its (compressed) pieces, at once: for small sources on hot paths. */
export function wholeVersionBytes(codec: PieceCodec, pieces: Uint8Array[]): Buffer {
  const out: Uint8Array[] = [];
  for (const stored of pieces) {
    const piece = decompressPiece(codec, stored);
    if (codec === 'plain') {
      out.push(piece);
      continue;
    }
    let at = 0;
    while (at < piece.byteLength) {
      if (piece[at++] !== INSERT) throw new Error('a version stored whole holds inserts only');
      let length: number;
      [length, at] = opLength(piece, at);
      if (at + length > piece.byteLength) throw new Error('a stored source piece ends inside an insert');
      out.push(piece.subarray(at, at + length));
      at += length;
    }
  }
  return Buffer.concat(out);
}
