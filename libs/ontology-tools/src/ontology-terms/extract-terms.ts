// The terms of a stored source on their own (a backfill of versions committed before terms
// existed, tests): the same validating parse and collector as at commit time.
import { validateSource, validateSourceStream, type SourceFormat } from '@oms/formats';
import { collectTerms, OwlXmlTermsReader, type TermsOptions, type TermsResult } from './collect-terms.js';
import { extractJsonTermsStream } from './json-stream-terms.js';

export type TermsVerdict = ({ ok: true } & TermsResult) | { ok: false; message: string };

export async function extractTerms(format: SourceFormat, text: string, options: TermsOptions = {}): Promise<TermsVerdict> {
  const collector = collectTerms(format, options);
  const check = await validateSource(format, text, collector.observer);
  if (!check.ok) return { ok: false, message: check.message };
  return { ok: true, ...(await collector.finish(text, check)) };
}

/** The bytes as they come, decoded (loosely: the format check is the strict one) into `reader` too. */
async function* alsoTo(reader: OwlXmlTermsReader, bytes: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const decoder = new TextDecoder('utf-8', { ignoreBOM: false });
  for await (const chunk of bytes) {
    if (reader.reading) reader.write(decoder.decode(chunk, { stream: true }));
    yield chunk;
  }
  if (reader.reading) reader.write(decoder.decode());
}

/**
 * extractTerms for a source given as its bytes as they come, in a format with a streaming
 * parser (isStreamedFormat): the source is never held; what is held is the terms' index (their
 * types, labels, parents), which grows with the number of terms, not with the text.
 */
export async function extractTermsStream(format: SourceFormat, bytes: AsyncIterable<Uint8Array>, options: TermsOptions = {}): Promise<TermsVerdict> {
  if (format === 'json') return extractJsonTermsStream(bytes, options);
  const collector = collectTerms(format, options);
  // An owl source may be OWL/XML, which the check does not read as triples: its own reader reads the same bytes.
  const owlXml = format === 'owl' ? new OwlXmlTermsReader(options.maxAnnotations) : undefined;
  const check = await validateSourceStream(format, owlXml ? alsoTo(owlXml, bytes) : bytes, collector.observer);
  if (!check.ok) return { ok: false, message: check.message };
  if (check.syntax === 'owl-xml' && owlXml) return { ok: true, ...owlXml.finish() };
  // An RDF collector reads nothing more from the text.
  return { ok: true, ...(await collector.finish('', check)) };
}
