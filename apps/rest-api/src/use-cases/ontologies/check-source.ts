import { AppError } from '@oms/domain';
import { validateSource, type SourceFormat } from '@oms/formats';
import { collectMetrics, type SourceMetrics } from '@oms/ontology-tools';

/**
 * Parses the source with its format's real parser; a failure is 422 on `source`. The same
 * parse feeds the metrics stored with the commit, so nothing is parsed twice at ingest.
 */
export async function checkSource(format: SourceFormat, source: string): Promise<SourceMetrics> {
  const metrics = collectMetrics(format);
  const result = await validateSource(format, source, metrics.observer);
  if (!result.ok) throw AppError.validation({ source: [result.message] });
  return metrics.finish(source, result);
}
