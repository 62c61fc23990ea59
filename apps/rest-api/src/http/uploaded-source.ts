// An uploaded source (multipart-upload.ts) as the service takes it (DESIGN 8): its spooled file
// (spooledSourceFile in the service: read as a stream when its format has a streaming parser and
// it is large, or as strict UTF-8 text otherwise; docs/decisions.md "Streaming ingest"), with the
// check started while it arrived, if any.
import { z } from 'zod';
import { sourceFormat } from '@oms/contracts';
import { spooledSourceFile, type SourceFile, type UploadCheck } from '@oms/ontology-service';
import type { UploadedSource } from './multipart-upload.js';

/** `early`: the check started while it arrived, if any. */
export const sourceFileOf = (upload: UploadedSource, early?: UploadCheck): SourceFile => ({ ...spooledSourceFile(upload), early });

const NamesFormat = z.object({ ontology: z.object({ source_format: sourceFormat }) });

/** The source format a multipart body part names, if it names a valid one (else the write's own parse answers). */
export function namedSourceFormat(body: unknown): z.infer<typeof sourceFormat> | undefined {
  const named = NamesFormat.safeParse(body);
  return named.success ? named.data.ontology.source_format : undefined;
}

const NamesPlace = z.object({ ontology: z.object({ account_id: z.string().optional(), parent_id: z.string().nullable().optional() }) });

/** The account and parent a multipart create's body part names (to authorize it before its source is checked). */
export function namedPlace(body: unknown): { account_id?: string | undefined; parent_id?: string | null | undefined } {
  const named = NamesPlace.safeParse(body);
  return named.success ? named.data.ontology : {};
}

/** The limit an upload is held to while it arrives, and how the 413 names it. */
export function uploadLimit(sourceMaxBytes: number): { maxSourceBytes: number; limitName: string } {
  return { maxSourceBytes: sourceMaxBytes, limitName: 'SOURCE_MAX_BYTES' };
}
