// An uploaded source (multipart-upload.ts) as the service takes it (DESIGN 8): its spooled file,
// read by the service as a stream when its format has a streaming parser and it is large, or as
// text otherwise (the service bounds that: docs/decisions.md "Streaming ingest"). As text it is
// decoded strictly: bytes that are not UTF-8 are a 422, never replaced; a byte order mark is
// kept (the source is stored byte for byte).
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { AppError } from '@oms/domain';
import { sourceFormat, toFieldErrors, uploadedSourceText } from '@oms/contracts';
import type { SourceFile, UploadCheck } from '@oms/ontology-service';
import type { UploadedSource } from './multipart-upload.js';

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const SourceField = z.object({ source: uploadedSourceText });

export async function uploadedSourceTextOf(upload: UploadedSource): Promise<string> {
  let text: string;
  try {
    text = decoder.decode(await readFile(upload.path));
  } catch (error) {
    if (error instanceof TypeError) throw AppError.validation({ source: ['must be UTF-8 text'] });
    throw error;
  }
  const checked = SourceField.safeParse({ source: text });
  if (!checked.success) throw AppError.validation(toFieldErrors(checked.error));
  return checked.data.source;
}

/** `early`: the check started while it arrived, if any. */
export const sourceFileOf = (upload: UploadedSource, early?: UploadCheck): SourceFile => ({ ...upload, text: () => uploadedSourceTextOf(upload), early });

const NamesFormat = z.object({ ontology: z.object({ source_format: sourceFormat }) });

/** The source format a multipart body part names, if it names a valid one (else the write's own parse answers). */
export function namedSourceFormat(body: unknown): z.infer<typeof sourceFormat> | undefined {
  const named = NamesFormat.safeParse(body);
  return named.success ? named.data.ontology.source_format : undefined;
}

/** What an upload may reach: the request's Content-Length when given (0 when not), and the limit. */
export function uploadSize(req: { headers: { 'content-length'?: string | undefined } }, maxSourceBytes: number): { expected: number; max: number } {
  const length = Number(req.headers['content-length'] ?? 0);
  return { expected: Number.isSafeInteger(length) && length > 0 ? Math.min(length, maxSourceBytes) : 0, max: maxSourceBytes };
}

/** The limit an upload is held to while it arrives, and how the 413 names it. */
export function uploadLimit(sourceMaxBytes: number): { maxSourceBytes: number; limitName: string } {
  return { maxSourceBytes: sourceMaxBytes, limitName: 'SOURCE_MAX_BYTES' };
}
