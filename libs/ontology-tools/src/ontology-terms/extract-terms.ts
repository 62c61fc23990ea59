// The terms of a stored source on their own (a backfill of versions committed before terms
// existed, tests): the same validating parse and collector as at commit time.
import { validateSource, validateSourceStream, type SourceFormat } from '@oms/formats';
import { collectTerms, type TermsOptions, type TermsResult } from './collect-terms.js';

export type TermsVerdict = ({ ok: true } & TermsResult) | { ok: false; message: string };

export async function extractTerms(format: SourceFormat, text: string, options: TermsOptions = {}): Promise<TermsVerdict> {
  const collector = collectTerms(format, options);
  const check = await validateSource(format, text, collector.observer);
  if (!check.ok) return { ok: false, message: check.message };
  return { ok: true, ...(await collector.finish(text, check)) };
}

/**
 * extractTerms for a source given as its bytes as they come, in a format with a streaming
 * parser (isStreamedFormat): the source is never held; what is held is the terms' index (their
 * types, labels, parents), which grows with the number of terms, not with the text.
 */
export async function extractTermsStream(format: SourceFormat, bytes: AsyncIterable<Uint8Array>, options: TermsOptions = {}): Promise<TermsVerdict> {
  const collector = collectTerms(format, options);
  const check = await validateSourceStream(format, bytes, collector.observer);
  if (!check.ok) return { ok: false, message: check.message };
  // An RDF collector reads nothing more from the text.
  return { ok: true, ...(await collector.finish('', check)) };
}
