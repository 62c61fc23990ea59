// The terms of a json source read as a stream (extractTermsStream), as collectTerms gives them from
// the parsed value: LinkML schemas and JSON-LD (up to maxJsonLdBytes) have terms, other JSON (OBO
// Graphs among it) none. A source within maxJsonLdBytes is held and read exactly as the whole-text
// path reads it; past it, JSON-LD is skipped with the whole-text path's reason, and so is a LinkML
// schema, which the whole-text path would read whole (docs/decisions.md "Streaming ingest of JSON").
import { validateSourceStream } from '@oms/formats';
import { JsonStreamReading } from '../json-stream-reading.js';
import { collectTerms, JSON_LD_TERMS_MAX_BYTES, type TermsOptions } from './collect-terms.js';
import type { TermsVerdict } from './extract-terms.js';

export async function extractJsonTermsStream(bytes: AsyncIterable<Uint8Array>, options: TermsOptions = {}): Promise<TermsVerdict> {
  const bound = options.maxJsonLdBytes ?? JSON_LD_TERMS_MAX_BYTES;
  const reading = new JsonStreamReading(bound);
  const check = await validateSourceStream('json', reading.through(bytes), reading.observer);
  if (!check.ok) return { ok: false, message: check.message };
  const text = reading.text();
  if (text !== undefined) {
    const collector = collectTerms('json', options);
    collector.observer.value?.(JsonStreamReading.parse(text));
    return { ok: true, ...(await collector.finish(text, check)) };
  }
  if (reading.shape.linkmlShaped) return { ok: true, terms: [], skipped: `the LinkML schema in JSON is larger than ${bound} bytes, the bound for reading its terms from a stream` };
  if (reading.shape.jsonLd) return { ok: true, terms: [], skipped: `the JSON-LD is larger than ${bound} bytes, the bound for reading its terms` };
  return { ok: true, terms: [] };
}
