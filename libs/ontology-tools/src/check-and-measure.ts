// What ingest needs of a source in one parse: whether its format's parser accepts it and, if
// so, its metrics and its terms (DESIGN 6.1). Plain data in and out, so it can run in a worker
// thread as well as inline.
import { validateSource, type SourceFormat } from '@oms/formats';
import type { SourceMetrics } from './metrics.js';
import { collectMetricsAndTerms } from './ontology-terms/collect-metrics-and-terms.js';
import type { TermsResult } from './ontology-terms/collect-terms.js';

export type SourceVerdict = { ok: true; metrics: SourceMetrics; terms: TermsResult } | { ok: false; message: string };

export async function checkAndMeasure(format: SourceFormat, text: string): Promise<SourceVerdict> {
  const collector = collectMetricsAndTerms(format);
  const result = await validateSource(format, text, collector.observer);
  if (!result.ok) return { ok: false, message: result.message };
  const { metrics, terms } = await collector.finish(text, result);
  return { ok: true, metrics, terms };
}
