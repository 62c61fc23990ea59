// Metrics and terms of one source from its one validating parse: both observers ride on it,
// and the costly readings (JSON-LD triples, the ORM2 model) are shared.
import type { SourceCheck, SourceFormat, SourceObserver } from '@oms/formats';
import { mergeObservers } from '../merge-observers.js';
import { collectMetrics, type SourceMetrics } from '../metrics.js';
import { SourceReads } from '../source-reads.js';
import { collectTerms, type TermsOptions, type TermsResult } from './collect-terms.js';

export type MetricsAndTermsCollector = {
  observer: SourceObserver;
  finish(text: string, check: Extract<SourceCheck, { ok: true }>): Promise<{ metrics: SourceMetrics; terms: TermsResult }>;
};

export function collectMetricsAndTerms(format: SourceFormat, options: Omit<TermsOptions, 'reads'> = {}): MetricsAndTermsCollector {
  const reads = new SourceReads();
  const metrics = collectMetrics(format, reads);
  const terms = collectTerms(format, { ...options, reads });
  return {
    observer: mergeObservers(metrics.observer, terms.observer),
    async finish(text, check) {
      // One after the other: the second finds the shared readings already made.
      const measured = await metrics.finish(text, check);
      return { metrics: measured, terms: await terms.finish(text, check) };
    },
  };
}
