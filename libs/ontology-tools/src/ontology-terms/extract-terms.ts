// The terms of a stored source on their own (a backfill of versions committed before terms
// existed, tests): the same validating parse and collector as at commit time.
import { closeSync, mkdirSync, openSync, rmSync } from 'node:fs';
import { validateSource, validateSourceStream, type SourceFormat } from '@oms/formats';
import { collectTerms, OwlXmlTermsReader, type TermsOptions, type TermsResult } from './collect-terms.js';
import { extractJsonTermsStream } from './json-stream-terms.js';
import type { OntologyTerm } from './term.js';
import { writeAll } from './subject-runs-spill.js';

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

/** What extractTermsToFile wrote: how many terms, or why none could be read. */
export type TermsFileVerdict = { ok: true; count: number; skipped?: string } | { ok: false; message: string };

/** Statements held before they are spilled to a sorted run (UTF-16 code units: 64-128 MB). */
export const TERMS_SPILL_AT_CHARS = 64 * 1024 * 1024;
const WRITE_BYTES = 1 << 20;

/**
 * extractTermsStream in bounded memory (DESIGN 8): the statements are spilled to sorted runs
 * beside `outPath` past `spillAtChars` and merged back by subject, and the terms are written to
 * `outPath` as they are made, one JSON object a line, in IRI order (code units): neither the
 * source, its statements nor its terms are ever held whole.
 */
export async function extractTermsToFile(
  format: SourceFormat,
  bytes: AsyncIterable<Uint8Array>,
  outPath: string,
  options: TermsOptions & { spillAtChars?: number } = {},
): Promise<TermsFileVerdict> {
  // Beside `outPath` under a name its caller knows, so the caller removes it even when this thread is killed.
  const spillDir = `${outPath}.spill`;
  mkdirSync(spillDir);
  try {
    let found: { terms: Iterable<OntologyTerm>; skipped?: string | undefined };
    if (format === 'json') {
      // JSON's terms (JSON-LD, LinkML as JSON) are read as extractTermsStream reads them: bounded by their own limit.
      const verdict = await extractJsonTermsStream(bytes, options);
      if (!verdict.ok) return verdict;
      found = verdict;
    } else {
      const collector = collectTerms(format, { ...options, spill: { dir: spillDir, atChars: options.spillAtChars ?? TERMS_SPILL_AT_CHARS } });
      // An owl source may be OWL/XML, which the check does not read as triples: its own reader reads the same bytes.
      const owlXml = format === 'owl' ? new OwlXmlTermsReader(options.maxAnnotations) : undefined;
      const check = await validateSourceStream(format, owlXml ? alsoTo(owlXml, bytes) : bytes, collector.observer);
      if (!check.ok) return { ok: false, message: check.message };
      found = check.syntax === 'owl-xml' && owlXml ? owlXml.finish() : await collector.stream('', check);
    }
    const { terms, skipped } = found;
    const fd = openSync(outPath, 'wx');
    let count = 0;
    try {
      let pending: string[] = [];
      let pendingChars = 0;
      const flush = () => {
        writeAll(fd, Buffer.from(pending.join(''), 'utf8'));
        pending = [];
        pendingChars = 0;
      };
      for (const term of terms) {
        // JSON escapes line breaks (and lone surrogates), so a line is a term.
        const line = `${JSON.stringify(term)}\n`;
        pending.push(line);
        pendingChars += line.length;
        count += 1;
        if (pendingChars >= WRITE_BYTES) flush();
      }
      flush();
    } finally {
      closeSync(fd);
    }
    return skipped === undefined ? { ok: true, count } : { ok: true, count, skipped };
  } finally {
    rmSync(spillDir, { recursive: true, force: true });
  }
}
