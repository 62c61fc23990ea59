// Validates ontology source text by its declared format with real parsers, so that what
// is stored can be read back later. Every checker returns a refusal instead of throwing,
// and each one bounds what hostile input can cost before a parser sees it.
import { checkJson } from './check-json.js';
import { checkJsonStream } from './check-json-stream.js';
import { checkOrm } from './check-orm.js';
import { checkRdfXml } from './check-rdfxml.js';
import { checkRdfXmlStream } from './check-rdfxml-stream.js';
import { checkTurtle } from './check-turtle.js';
import { checkTurtleStream } from './check-turtle-stream.js';
import { checkYaml } from './check-yaml.js';
import type { SourceObserver } from './observer.js';
import { ACCEPTED, reasonOf, refuse, type SourceCheck } from './position.js';

export type { SourceCheck } from './position.js';
export type { SourceObserver } from './observer.js';
export type { JsonListener } from './json-stream-scanner.js';

export const SOURCE_FORMATS = ['yaml', 'json', 'owl', 'rdf', 'turtle', 'orm', 'other'] as const;
export type SourceFormat = (typeof SOURCE_FORMATS)[number];

function check(format: SourceFormat, text: string, observer: SourceObserver): SourceCheck | Promise<SourceCheck> {
  switch (format) {
    case 'yaml':
      return checkYaml(text, observer);
    case 'json':
      return checkJson(text, observer);
    case 'turtle':
      return checkTurtle(text, observer);
    case 'rdf':
      return checkRdfXml(text, { owlXml: false }, observer);
    case 'owl':
      return checkRdfXml(text, { owlXml: true }, observer);
    case 'orm':
      return checkOrm(text);
    case 'other':
      return ACCEPTED;
  }
}

/**
 * Checks `text` as `format`. An observer sees what the parse produced (triples, prefixes,
 * parsed values) as it goes; after a refusal it may have seen part of the document only.
 */
export async function validateSource(format: SourceFormat, text: string, observer: SourceObserver = {}): Promise<SourceCheck> {
  if (format === 'other') return ACCEPTED;
  if (!(SOURCE_FORMATS as readonly string[]).includes(format)) return refuse(`unknown format "${String(format)}"`);
  if (typeof text !== 'string') return refuse('the document is not text');
  // Editors on Windows (NORMA among them) start files with a byte order mark; it is not
  // content. It is dropped only for parsing: the caller's text is never changed.
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  // A search that stops at the first visible character, not a trimmed copy of megabytes.
  if (!/[^\s]/.test(body)) return refuse('the document is empty');
  try {
    return await check(format, body, observer);
  } catch (error) {
    // A parser bug must not take the caller down; the document is refused instead.
    return refuse(`the document could not be checked: ${reasonOf(error)}`);
  }
}

/**
 * Formats whose parser takes the source as a stream of bytes (DESIGN 8): validateSourceStream
 * checks them with memory that does not grow with the source (Turtle and N-Triples, RDF/XML, OWL as
 * RDF/XML or OWL/XML, JSON and JSON-LD). The others are parsed from one string (docs/decisions.md
 * "Streaming ingest").
 */
export const STREAMED_FORMATS: readonly SourceFormat[] = ['turtle', 'rdf', 'owl', 'json', 'other'];

/**
 * Checks a source given as its UTF-8 bytes, as they come; only for STREAMED_FORMATS (a refusal
 * for the others). The observer sees what validateSource's observer sees.
 */
export async function validateSourceStream(format: SourceFormat, bytes: AsyncIterable<Uint8Array>, observer: SourceObserver = {}): Promise<SourceCheck> {
  if (format === 'other') return ACCEPTED;
  if (!STREAMED_FORMATS.includes(format)) return refuse(`a ${String(format)} source cannot be checked as a stream`);
  try {
    if (format === 'turtle') return await checkTurtleStream(bytes, observer);
    if (format === 'json') return await checkJsonStream(bytes, observer.json);
    return await checkRdfXmlStream(bytes, { owlXml: format === 'owl' }, observer);
  } catch (error) {
    return refuse(`the document could not be checked: ${reasonOf(error)}`);
  }
}
