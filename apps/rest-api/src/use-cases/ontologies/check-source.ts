import { AppError } from '@oms/domain';
import type { SourceFormat } from '@oms/formats';
import type { SourceMetrics } from '@oms/ontology-tools';
import type { SourceChecker } from './source-checker.js';

/**
 * Parses the source with its format's real parser; a failure is 422 on `source`. The same
 * parse feeds the metrics stored with the commit, so nothing is parsed twice at ingest.
 */
export async function checkSource(checker: SourceChecker, format: SourceFormat, source: string): Promise<SourceMetrics> {
  const verdict = await checker.check(format, source);
  if (!verdict.ok) throw AppError.validation({ source: [verdict.message] });
  return verdict.metrics;
}
