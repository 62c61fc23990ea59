// checkAndMeasure (check-and-measure.ts) for a source given as its bytes as they come (DESIGN 8):
// the streaming parser of its format validates it, its sizes are counted on the bytes and its
// triples by fingerprint (compact-rdf-counter.ts), in one pass with memory that does not grow
// with the source. Terms are not collected here: such a source is over the synchronous terms
// limit, and its terms are written in the background.
import { STREAMED_FORMATS, validateSourceStream, type SourceFormat } from '@oms/formats';
import { CompactRdfCounter } from './compact-rdf-counter.js';
import { jsonMetricsReading, jsonStreamMetrics } from './json-stream-metrics.js';
import type { SourceMetrics } from './metrics.js';
import type { SourceVerdict } from './check-and-measure.js';

export const isStreamedFormat = (format: SourceFormat): boolean => STREAMED_FORMATS.includes(format);

/**
 * `sourceBytes`: the size of a source whose bytes are all there (a whole file), to size the counts'
 * tables at once; 0 (a source still arriving): the tables start small and grow with what is read.
 */
export async function checkAndMeasureStream(format: SourceFormat, bytes: AsyncIterable<Uint8Array>, sourceBytes = 0): Promise<SourceVerdict> {
  let size = 0;
  let lineBreaks = 0;
  let last = -1;
  async function* counted(): AsyncGenerator<Uint8Array> {
    for await (const chunk of bytes) {
      size += chunk.byteLength;
      for (let at = chunk.indexOf(0x0a); at !== -1; at = chunk.indexOf(0x0a, at + 1)) lineBreaks += 1;
      if (chunk.byteLength > 0) last = chunk[chunk.byteLength - 1] as number;
      yield chunk;
    }
  }
  const counter = format === 'turtle' || format === 'rdf' || format === 'owl' ? new CompactRdfCounter(sourceBytes) : undefined;
  const json = format === 'json' ? jsonMetricsReading() : undefined;
  const checked = await validateSourceStream(format, json ? json.through(counted()) : counted(), counter ? { quad: (quad) => counter.add(quad) } : (json?.observer ?? {}));
  if (!checked.ok) return { ok: false, message: checked.message };
  // A format that needs no parse ('other') is still read to the end for its sizes.
  for await (const chunk of counted()) void chunk;
  const metrics: SourceMetrics = { bytes: size, lines: size > 0 && last !== 0x0a ? lineBreaks + 1 : lineBreaks };
  if (json) return { ok: true, metrics: await jsonStreamMetrics(json, metrics), terms: null };
  // OWL/XML is not read as triples: its metrics say which syntax it is, as the whole-text path's do.
  if (checked.syntax === 'owl-xml') metrics.syntax = 'owl-xml';
  else if (counter) metrics.rdf = counter.result();
  return { ok: true, metrics, terms: null };
}
