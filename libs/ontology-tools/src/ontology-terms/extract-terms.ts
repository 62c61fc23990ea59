// The terms of a stored source on their own (a backfill of versions committed before terms
// existed, tests): the same validating parse and collector as at commit time.
import { validateSource, type SourceFormat } from '@oms/formats';
import { collectTerms, type TermsOptions, type TermsResult } from './collect-terms.js';

export type TermsVerdict = ({ ok: true } & TermsResult) | { ok: false; message: string };

export async function extractTerms(format: SourceFormat, text: string, options: TermsOptions = {}): Promise<TermsVerdict> {
  const collector = collectTerms(format, options);
  const check = await validateSource(format, text, collector.observer);
  if (!check.ok) return { ok: false, message: check.message };
  return { ok: true, ...(await collector.finish(text, check)) };
}
