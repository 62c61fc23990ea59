// An uploaded source (multipart-upload.ts) as the text the commit path takes. That path holds a
// source as one JavaScript string, so a source it cannot hold is refused while it arrives
// (STRING_SOURCE_MAX_BYTES, see docs/decisions.md). Decoded strictly: bytes that are not UTF-8
// are a 422, never replaced; a byte order mark is kept (the source is stored byte for byte).
import { readFile } from 'node:fs/promises';
import { constants } from 'node:buffer';
import { z } from 'zod';
import { AppError } from '@oms/domain';
import { toFieldErrors, uploadedSourceText } from '@oms/contracts';
import type { UploadedSource } from './multipart-upload.js';

/** The longest string V8 holds; a UTF-8 source of at most this many bytes always fits in one. */
export const STRING_SOURCE_MAX_BYTES = constants.MAX_STRING_LENGTH;

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

/** The limit an upload is held to while it arrives, and how the 413 names it. */
export function uploadLimit(sourceMaxBytes: number): { maxSourceBytes: number; limitName: string } {
  if (sourceMaxBytes <= STRING_SOURCE_MAX_BYTES) return { maxSourceBytes: sourceMaxBytes, limitName: 'SOURCE_MAX_BYTES' };
  return { maxSourceBytes: STRING_SOURCE_MAX_BYTES, limitName: 'the largest source the commit path holds today' };
}
