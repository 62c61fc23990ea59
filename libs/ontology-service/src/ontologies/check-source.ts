import { AppError } from '@oms/domain';
import type { SourceFormat } from '@oms/formats';
import type { SourceMetrics, TermsResult } from '@oms/ontology-tools';
import type { ServiceContext } from '../context.js';
import { termsSyncMaxBytes } from '../terms/index-commit-terms.js';

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
