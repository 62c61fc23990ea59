// What ingest needs of a source in one parse: whether its format's parser accepts it and, if
// so, its metrics. Plain data in and out, so it can run in a worker thread as well as inline.
import { validateSource, type SourceFormat } from '@oms/formats';
import { collectMetrics, type SourceMetrics } from './metrics.js';

export type SourceVerdict = { ok: true; metrics: SourceMetrics } | { ok: false; message: string };

export async function checkAndMeasure(format: SourceFormat, text: string): Promise<SourceVerdict> {
  const metrics = collectMetrics(format);
  const result = await validateSource(format, text, metrics.observer);
  if (!result.ok) return { ok: false, message: result.message };
  return { ok: true, metrics: await metrics.finish(text, result) };
}
