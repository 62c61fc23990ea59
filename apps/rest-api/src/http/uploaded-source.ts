// An uploaded source (multipart-upload.ts) as the service takes it (DESIGN 8): its spooled file
// (spooledSourceFile in the service: read as a stream when its format has a streaming parser and
// it is large, or as strict UTF-8 text otherwise; docs/decisions.md "Streaming ingest").
import { spooledSourceFile, type SourceFile } from '@oms/ontology-service';
import type { UploadedSource } from './multipart-upload.js';

export const sourceFileOf = (upload: UploadedSource): SourceFile => spooledSourceFile(upload);

/** The limit an upload is held to while it arrives, and how the 413 names it. */
export function uploadLimit(sourceMaxBytes: number): { maxSourceBytes: number; limitName: string } {
  return { maxSourceBytes: sourceMaxBytes, limitName: 'SOURCE_MAX_BYTES' };
}
