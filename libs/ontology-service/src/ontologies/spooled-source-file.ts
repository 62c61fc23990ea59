// A source that arrived as a file part and was spooled to a temporary file (the REST multipart
// write and the web upload form, DESIGN 8 and 9), as the service takes it: a SourceFile read as a
// stream when its format has a streaming parser and it is large, or as text otherwise. As text it
// is decoded strictly: bytes that are not UTF-8 are a 422, never replaced; a byte order mark is
// kept (the source is stored byte for byte).
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { AppError } from '@oms/domain';
import { toFieldErrors, uploadedSourceText } from '@oms/contracts';
import type { SourceFile } from './check-source.js';

/** The spooled file: where it is, its size, and the lower-case hex SHA-256 computed while it arrived. */
export type SpooledFile = { path: string; bytes: number; sha256: string };

const SourceField = z.object({ source: uploadedSourceText });

/** The file's bytes as text under the rules of a source field, or a validation error on `source`. */
export async function spooledSourceText(file: Pick<SpooledFile, 'path'>): Promise<string> {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(await readFile(file.path));
  } catch (error) {
    if (error instanceof TypeError) throw AppError.validation({ source: ['must be UTF-8 text'] });
    throw error;
  }
  const checked = SourceField.safeParse({ source: text });
  if (!checked.success) throw AppError.validation(toFieldErrors(checked.error));
  return checked.data.source;
}

export const spooledSourceFile = (file: SpooledFile): SourceFile => ({
  path: file.path,
  bytes: file.bytes,
  sha256: file.sha256,
  text: () => spooledSourceText(file),
});
