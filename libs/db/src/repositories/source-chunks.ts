// Reads one commit's source as text in bounded chunks, from the source store
// (../source-store: a version is rebuilt from its chain of deltas a few pieces at a time).
// Each fetch takes a session for itself alone and gives it back at once, so a read never holds
// a session while its consumer waits (e.g. for a client that does not read), and the memory
// held between two chunks is a few pieces per level of the chain. A character split between
// two chunks is completed by a streaming decoder (surrogate pairs stay together); a BOM is
// kept (byte for byte).
import { readStoredSource, rechunked, sessionsQuery } from '../source-store/index.js';
import type { SqlSessions } from '../sql-sessions.js';

/** Bytes per chunk (a chunk may carry up to 3 more: the end of a split character). */
export const SOURCE_CHUNK_BYTES = 32 * 1024;

export type SourceChunkOptions = {
  /** Stops waiting for a session when it aborts (the client left). */
  signal?: AbortSignal;
  /** At least 4 (the longest UTF-8 character), so every chunk ends at least one character. */
  chunkBytes?: number;
  /** Whose read this is: sessions are shared fairly between keys (e.g. user ids). */
  key?: string;
};

/** The source's bytes in chunks of `chunkBytes` (the last may be shorter); nothing for a missing commit. */
export function readSourceByteChunks(sessions: SqlSessions, commitId: string, options: SourceChunkOptions = {}): AsyncGenerator<Uint8Array> {
  const chunkBytes = options.chunkBytes ?? SOURCE_CHUNK_BYTES;
  if (!Number.isInteger(chunkBytes) || chunkBytes < 4) throw new RangeError(`chunkBytes must be a whole number of at least 4, got ${chunkBytes}`);
  return rechunked(readStoredSource(sessionsQuery(sessions, options), commitId), chunkBytes);
}

/**
 * The source's bytes as the store rebuilds them (pieces of up to a few hundred KB, most of them
 * views of a decompressed piece, not copied): for a consumer that writes bytes on (a download)
 * and needs no chunk size. Nothing for a missing commit.
 */
export async function* readSourceBytes(sessions: SqlSessions, commitId: string, options: Omit<SourceChunkOptions, 'chunkBytes'> = {}): AsyncGenerator<Uint8Array> {
  for await (const batch of readStoredSource(sessionsQuery(sessions, options), commitId)) {
    if (batch.length === 1) yield batch[0] as Uint8Array;
    else if (batch.length > 1) yield Buffer.concat(batch);
  }
}

/**
 * Yields the source of commit `commitId` as text, chunk by chunk (nothing for a missing
 * commit). A consumer that stops (`return()`, e.g. a `break` out of `for await`) ends the read.
 */
export async function* readSourceChunks(sessions: SqlSessions, commitId: string, options: SourceChunkOptions = {}): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  for await (const chunk of readSourceByteChunks(sessions, commitId, options)) {
    const text = decoder.decode(chunk, { stream: true });
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

/**
 * The first `chars` characters of the source at least (its whole text when shorter; the read stops
 * at the first chunk past them): enough to find a root element without reading a large source whole.
 */
export async function readSourceHead(sessions: SqlSessions, commitId: string, chars: number): Promise<string> {
  let text = '';
  for await (const chunk of readSourceChunks(sessions, commitId)) {
    text += chunk;
    if (text.length >= chars) break;
  }
  return text;
}
