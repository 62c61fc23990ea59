// The metrics of a json source read as a stream (checkAndMeasureStream), equal to collectMetrics'
// (metrics.ts): the structure from the shape the check reported; JSON-LD triples are counted only
// up to JSON_LD_METRICS_MAX_BYTES, so a source within that bound is measured from its held text
// exactly as the whole-text path measures it.
import { ACCEPTED_CHECK, JsonStreamReading } from './json-stream-reading.js';
import { collectMetrics, JSON_LD_METRICS_MAX_BYTES, type SourceMetrics } from './metrics.js';

/** A reading that holds what the JSON-LD triple counts may need. */
export const jsonMetricsReading = (): JsonStreamReading => new JsonStreamReading(JSON_LD_METRICS_MAX_BYTES);

/** `sizes`: the bytes and lines counted on the stream. */
export async function jsonStreamMetrics(reading: JsonStreamReading, sizes: { bytes: number; lines: number }): Promise<SourceMetrics> {
  const text = reading.text();
  if (text !== undefined) {
    const collector = collectMetrics('json');
    collector.observer.value?.(JsonStreamReading.parse(text));
    return collector.finish(text, ACCEPTED_CHECK);
  }
  const metrics: SourceMetrics = { ...sizes, structure: reading.shape.structure() };
  if (reading.shape.jsonLd) metrics.syntax = 'json-ld';
  return metrics;
}
