// What ingest needs of a source in one parse: whether its format's parser accepts it and, if
// so, its metrics and its terms (DESIGN 6.1). Plain data in and out, so it can run in a worker
// thread as well as inline.
import { validateSource, type SourceFormat } from '@oms/formats';
import type { SourceMetrics } from './metrics.js';
import { collectMetrics } from './metrics.js';
import { collectMetricsAndTerms } from './ontology-terms/collect-metrics-and-terms.js';
import type { TermsResult } from './ontology-terms/collect-terms.js';

/** `terms` is null when they were not asked for (a source whose terms are written in the background). */
export type SourceVerdict = { ok: true; metrics: SourceMetrics; terms: TermsResult | null } | { ok: false; message: string };

export async function checkAndMeasure(format: SourceFormat, text: string, options: { terms?: boolean } = {}): Promise<SourceVerdict> {
  if (options.terms === false) {
    const metrics = collectMetrics(format);
    const checked = await validateSource(format, text, metrics.observer);
    return checked.ok ? { ok: true, metrics: await metrics.finish(text, checked), terms: null } : { ok: false, message: checked.message };
  }
  const collector = collectMetricsAndTerms(format);
  const result = await validateSource(format, text, collector.observer);
  if (!result.ok) return { ok: false, message: result.message };
  const { metrics, terms } = await collector.finish(text, result);
  return { ok: true, metrics, terms };
}
