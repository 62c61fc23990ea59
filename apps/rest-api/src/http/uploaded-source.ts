// An uploaded source (multipart-upload.ts) as the service takes it (DESIGN 8): its spooled file,
// read by the service as a stream when its format has a streaming parser and it is large, or as
// text otherwise (the service bounds that: docs/decisions.md "Streaming ingest"). As text it is
// decoded strictly: bytes that are not UTF-8 are a 422, never replaced; a byte order mark is
// kept (the source is stored byte for byte).
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { AppError } from '@oms/domain';
import { toFieldErrors, uploadedSourceText } from '@oms/contracts';
import type { SourceFile } from '@oms/ontology-service';
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

export const sourceFileOf = (upload: UploadedSource): SourceFile => ({ ...upload, text: () => uploadedSourceTextOf(upload) });

/** The limit an upload is held to while it arrives, and how the 413 names it. */
export function uploadLimit(sourceMaxBytes: number): { maxSourceBytes: number; limitName: string } {
  return { maxSourceBytes: sourceMaxBytes, limitName: 'SOURCE_MAX_BYTES' };
}
