// The CPU-heavy steps of the service as plain data in, plain data out, so that the same code
// runs on the main thread (small inputs) and in a worker thread (heavy-work-worker.ts). What
// crosses the thread boundary must survive structured cloning: no class instances, no signals
// (a MessagePort is moved: the task's transfer list).
import { createReadStream } from 'node:fs';
import type { MessagePort } from 'node:worker_threads';
import type { SourceFormat } from '@oms/formats';
import {
  ConversionError,
  checkAndMeasure,
  checkAndMeasureStream,
  extractTermsToFile,
  type TermsFileVerdict,
  convertSource,
  describeSource,
  diffSources,
  type ConversionTarget,
  type SourceDescription,
  type SourceDiff,
  type SourceVerdict,
  type SourceVersion,
} from '@oms/ontology-tools';
import { readGrowingFile } from './growing-file.js';
import { portReadable } from './source-port.js';

/** Bytes read from a spooled source at a time. */
const FILE_READ_BYTES = 256 * 1024;

export type HeavyTask =
  | { kind: 'check'; format: SourceFormat; text: string; terms?: false }
  /**
   * A source in a file (an upload's spool), read as a stream: memory does not grow with it
   * (DESIGN 8). With `growing` the file is still arriving (`shared`: GrowingFile.shared) and is
   * read as it grows, `maxBytes` the largest it may reach. Only a whole file's `bytes` size the
   * counts' tables at once: a growing file's tables grow with the bytes read (a size announced
   * by the client is only a claim, and tables made for it would be held until the upload ends).
   */
  | { kind: 'check-file'; format: SourceFormat; path: string; bytes: number; growing?: { shared: SharedArrayBuffer; maxBytes: number } }
  /**
   * The terms of a stored source (background terms), pulled through `source` from the main
   * thread as they are read (source-port.ts: no copy on disk), written to `outPath` a line each
   * in IRI order (bounded memory: extractTermsToFile).
   */
  | { kind: 'terms-file'; format: SourceFormat; source: MessagePort; bytes: number; outPath: string }
  | { kind: 'diff'; from: SourceVersion | null; to: SourceVersion; limit?: number; textOnly: boolean; canonicalizeMs: number }
  | { kind: 'convert'; format: SourceFormat; text: string; target: ConversionTarget }
  | { kind: 'describe'; format: SourceFormat; text: string };

/**
 * The converted source as UTF-8 bytes, encoded where it was written (in a worker, off the event
 * loop; the cache sends them as they are); a conversion the source does not allow is an answer
 * (406), not a failed task.
 */
export type ConversionResult = { ok: true; bytes: Uint8Array } | { ok: false; message: string };

export type HeavyResult<T extends HeavyTask> = T extends { kind: 'check' | 'check-file' }
  ? SourceVerdict
  : T extends { kind: 'terms-file' }
    ? TermsFileVerdict
    : T extends { kind: 'diff' }
      ? SourceDiff
      : T extends { kind: 'convert' }
        ? ConversionResult
        : SourceDescription;

/** How many characters a task reads: tasks below the pool's offload size run inline. */
export function taskChars(task: HeavyTask): number {
  if (task.kind === 'diff') return (task.from?.text.length ?? 0) + task.to.text.length;
  if (task.kind === 'check-file') return Math.max(task.bytes, task.growing?.maxBytes ?? 0);
  if (task.kind === 'terms-file') return task.bytes;
  return task.text.length;
}

export async function runHeavyTask(task: HeavyTask): Promise<SourceVerdict | TermsFileVerdict | SourceDiff | ConversionResult | SourceDescription> {
  switch (task.kind) {
    case 'check':
      return checkAndMeasure(task.format, task.text, task.terms === false ? { terms: false } : {});
    case 'check-file':
      return checkAndMeasureStream(
        task.format,
        task.growing ? readGrowingFile(task.path, task.growing.shared) : createReadStream(task.path, { highWaterMark: FILE_READ_BYTES }),
        task.growing ? 0 : task.bytes,
      );
    case 'terms-file': {
      const source = portReadable(task.source);
      try {
        return await extractTermsToFile(task.format, source, task.outPath);
      } finally {
        // A parse that stopped early (a syntax error) ends the main thread's read too.
        source.destroy();
      }
    }
    case 'diff':
      return diffSources(task.from, task.to, {
        ...(task.limit === undefined ? {} : { limit: task.limit }),
        textOnly: task.textOnly,
        // Canonicalizing blank nodes has a work bound; past it the diff falls back to text.
        signal: AbortSignal.timeout(task.canonicalizeMs),
      });
    case 'convert':
      try {
        return { ok: true, bytes: new TextEncoder().encode(await convertSource(task.format, task.text, task.target)) };
      } catch (error) {
        if (error instanceof ConversionError) return { ok: false, message: error.message };
        throw error;
      }
    case 'describe':
      // A JSON source is parsed whole to tell JSON-LD from plain JSON.
      return describeSource(task.format, task.text);
  }
}
