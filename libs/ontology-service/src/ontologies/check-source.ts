import { createReadStream } from 'node:fs';
import { AppError } from '@oms/domain';
import type { SourceFormat } from '@oms/formats';
import { isStreamedFormat, type SourceMetrics, type SourceVerdict, type TermsResult } from '@oms/ontology-tools';
import type { ServiceContext } from '../context.js';
import { termsSyncMaxBytes } from '../terms/index-commit-terms.js';
import type { GrowingFile } from './growing-file.js';

/**
 * What the one validating parse of a source gives: its metrics and its terms (DESIGN 6.1);
 * `terms` null for a source over the synchronous limit, whose terms the background reads.
 */
export type CheckedSource = { metrics: SourceMetrics; terms: TermsResult | null };

/**
 * Parses the source with its format's real parser; a failure is 422 on `source`. The same
 * parse feeds the metrics and the terms stored with the commit, so nothing is parsed twice at
 * ingest. A large source is heavy work: it runs in the pool and takes one of the caller's
 * slots (429 when they hold all).
 */
export async function checkSource(
  ctx: Pick<ServiceContext, 'heavyWork' | 'heavySlots' | 'config'>,
  callerId: string,
  format: SourceFormat,
  source: string,
): Promise<CheckedSource> {
  const terms = Buffer.byteLength(source, 'utf8') <= termsSyncMaxBytes(ctx.config);
  const check = () => ctx.heavyWork.check(format, source, { terms });
  const verdict = source.length >= ctx.heavyWork.offloadAtChars ? await ctx.heavySlots.run(callerId, check) : await check();
  if (!verdict.ok) throw AppError.validation({ source: [verdict.message] });
  return { metrics: verdict.metrics, terms: verdict.terms };
}

/**
 * An uploaded source held in a file (the upload's spool), as the service takes it: its size,
 * its SHA-256 and how to read it as text (strictly decoded, for the whole-text path); `early`,
 * its check when one was started while it arrived (checkWhileArriving).
 */
export type SourceFile = { path: string; bytes: number; sha256: string; text(): Promise<string>; early?: UploadCheck | undefined };

/**
 * The check of an upload started while it arrives: `checked` answers undefined when none was
 * needed (a source at or under the synchronous terms limit is parsed whole, with its terms).
 * It ends with its spool: the spool's writer stops it when the upload fails or the request's
 * work ends (withMultipartUpload).
 */
export type UploadCheck = { format: SourceFormat; checked: Promise<CheckedSource | undefined> };

/**
 * Starts checking and measuring an upload in a streamed format while it is still being spooled
 * (DESIGN 8: the parse runs while the upload arrives), from the spool as it grows, once it is
 * past the synchronous terms limit. `size.max` (the upload limit) sets the time bound; the counts'
 * tables grow with the bytes read, whatever size the client announced. A refusal rejects `checked` (422) as soon as it is known, so the request can
 * answer before the rest arrives. checkSourceFile then takes this check's verdict.
 */
export function checkWhileArriving(
  ctx: Pick<ServiceContext, 'heavyWork' | 'heavySlots' | 'config'>,
  callerId: string,
  format: SourceFormat,
  spool: GrowingFile,
  size: { max: number; arrivalMs?: number },
  /** Refuses a caller who may not make this write (403/404/422), before any of its work is done. */
  authorize: () => Promise<void> = async () => undefined,
): UploadCheck {
  const checked = (async () => {
    await authorize();
    if (!isStreamedFormat(format) || !(await spool.whenPast(termsSyncMaxBytes(ctx.config)))) return undefined;
    const growing = { shared: spool.shared, maxBytes: size.max, ...(size.arrivalMs === undefined ? {} : { arrivalMs: size.arrivalMs }) };
    return verdictOf(await ctx.heavySlots.run(callerId, () => ctx.heavyWork.checkFile(format, spool.path, 0, growing)));
  })();
  return { format, checked };
}

function verdictOf(verdict: SourceVerdict): CheckedSource {
  if (!verdict.ok) throw AppError.validation({ source: [verdict.message] });
  return { metrics: verdict.metrics, terms: null };
}

/**
 * The largest source of a format without a streaming parser (YAML, ORM2): such a
 * source is parsed from one string, so it is held whole (docs/decisions.md "Streaming ingest").
 */
export const WHOLE_TEXT_SOURCE_MAX_BYTES = 256 * 1024 * 1024;

/**
 * How an uploaded source is taken: still in its file, to be read as a stream, when its format
 * has a streaming parser and it is over the synchronous terms limit (terms then come in the
 * background either way); otherwise as text, up to wholeTextSourceMaxBytes (413 beyond).
 */
export async function sourceOfUpload(config: ServiceContext['config'], format: SourceFormat, file: SourceFile): Promise<string | SourceFile> {
  if (isStreamedFormat(format) && file.bytes > termsSyncMaxBytes(config)) return file;
  const wholeMax = config.wholeTextSourceMaxBytes ?? WHOLE_TEXT_SOURCE_MAX_BYTES;
  if (file.bytes > wholeMax) {
    throw new AppError('payload_too_large', {
      message: `A ${format} source is parsed as one text, so it may be at most ${wholeMax} bytes (WHOLE_TEXT_SOURCE_MAX_BYTES); this one is ${file.bytes}. Turtle, N-Triples, RDF/XML, OWL and JSON (JSON-LD) sources are read as a stream, up to SOURCE_MAX_BYTES.`,
    });
  }
  return file.text();
}

/**
 * checkSource for a source in a file, read as a stream in the pool (no terms: they come in the
 * background); the check started while it arrived, when there is one.
 */
export async function checkSourceFile(
  ctx: Pick<ServiceContext, 'heavyWork' | 'heavySlots'>,
  callerId: string,
  format: SourceFormat,
  file: SourceFile,
): Promise<CheckedSource> {
  if (file.early?.format === format) {
    const early = await file.early.checked;
    if (early) return early;
  }
  return verdictOf(await ctx.heavySlots.run(callerId, () => ctx.heavyWork.checkFile(format, file.path, file.bytes)));
}

/** The file's bytes as they are read, for the commit hash and the source store. */
export const bytesOf = (file: SourceFile): AsyncIterable<Uint8Array> => createReadStream(file.path, { highWaterMark: 256 * 1024 });

/**
 * Starts checkSourceFile and answers it with the file's bytes for the store, so that the source
 * is stored while it is checked (the two take about as long). The bytes stop with the check's
 * refusal as soon as it is known; the caller awaits `checked` before its transaction commits,
 * so a refused source leaves nothing.
 */
export function checkBesideStore(
  ctx: Pick<ServiceContext, 'heavyWork' | 'heavySlots'>,
  callerId: string,
  format: SourceFormat,
  file: SourceFile,
): { checked: Promise<CheckedSource>; bytes: AsyncIterable<Uint8Array> } {
  let refusal: unknown;
  const checked = checkSourceFile(ctx, callerId, format, file);
  // Seen here first; the caller's await reports it.
  checked.catch((error: unknown) => {
    refusal = error;
  });
  async function* bytes(): AsyncGenerator<Uint8Array> {
    for await (const chunk of bytesOf(file)) {
      if (refusal !== undefined) throw refusal;
      yield chunk as Uint8Array;
    }
  }
  return { checked, bytes: bytes() };
}
