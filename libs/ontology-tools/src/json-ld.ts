// JSON-LD in and out, never touching the network: a remote @context is refused, not fetched.
import { DataFactory } from 'n3';
import type { Quad, Term } from './terms.js';
import { jsonld, type DocumentLoader, type PlainQuad, type PlainTerm } from './vendor/jsonld.js';

/** Relative IRIs need a base; a reserved domain, the same one the format checks use. */
export const PLACEHOLDER_BASE = 'http://base.invalid/document';

export class RemoteContextError extends Error {}

const offline: DocumentLoader = (url) =>
  Promise.reject(new RemoteContextError(`the JSON-LD refers to the remote document ${url}, which this service does not fetch`));

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** JSON is taken as JSON-LD when its top-level object (or an object of a top-level array) has an @context. */
export function isJsonLd(value: unknown): boolean {
  if (isObject(value)) return '@context' in value;
  return Array.isArray(value) && value.some((item) => isObject(item) && '@context' in item);
}

function fromPlain(term: PlainTerm): Term {
  switch (term.termType) {
    case 'BlankNode':
      return DataFactory.blankNode(term.value);
    case 'Literal':
      return DataFactory.literal(term.value, term.language || (term.datatype ? DataFactory.namedNode(term.datatype.value) : undefined));
    case 'DefaultGraph':
      return DataFactory.defaultGraph();
    default:
      return DataFactory.namedNode(term.value);
  }
}

function causeMessage(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    if (current instanceof RemoteContextError) return current.message;
    const details = (current as { details?: { cause?: unknown } }).details;
    current = details?.cause ?? current.cause;
  }
  return error instanceof Error ? error.message : String(error);
}

/** The triples of a JSON-LD document, or an Error saying why they cannot be read. */
export async function jsonLdToQuads(document: unknown): Promise<Quad[]> {
  try {
    const dataset = await jsonld.toRDF(document, { documentLoader: offline, base: PLACEHOLDER_BASE });
    return dataset.map((quad) =>
      DataFactory.quad(
        fromPlain(quad.subject) as Quad['subject'],
        fromPlain(quad.predicate) as Quad['predicate'],
        fromPlain(quad.object) as Quad['object'],
        fromPlain(quad.graph) as Quad['graph'],
      ),
    );
  } catch (error) {
    throw new Error(`the JSON-LD could not be read as RDF: ${causeMessage(error)}`, { cause: error });
  }
}

/** Prefixes usable as JSON-LD terms: plain names, no keywords, no colons. */
function contextOf(prefixes: Record<string, string>): Record<string, string> {
  const context: Record<string, string> = {};
  for (const [prefix, iri] of Object.entries(prefixes)) {
    if (/^[A-Za-z][A-Za-z0-9_.-]*$/.test(prefix) && /[/#:]$/.test(iri)) context[prefix] = iri;
  }
  return context;
}

/** JSON-LD of the quads, compacted with the source's prefixes; literals keep their exact lexical forms. */
export async function quadsToJsonLd(quads: readonly Quad[], prefixes: Record<string, string>): Promise<string> {
  const expanded = await jsonld.fromRDF(quads as unknown as PlainQuad[], { documentLoader: offline, useNativeTypes: false, useRdfType: false });
  const context = contextOf(prefixes);
  if (Object.keys(context).length === 0) return `${JSON.stringify(expanded, null, 2)}\n`;
  const compacted = await jsonld.compact(expanded, context, { documentLoader: offline });
  return `${JSON.stringify(compacted, null, 2)}\n`;
}

/** Prefix declarations of a JSON-LD context (string values that end like a namespace). */
export function prefixesOfJsonLd(document: unknown): Record<string, string> {
  const prefixes: Record<string, string> = {};
  const contexts = (Array.isArray(document) ? document : [document]).map((item) => (isObject(item) ? item['@context'] : undefined));
  for (const context of contexts.flat()) {
    if (!isObject(context)) continue;
    for (const [name, value] of Object.entries(context)) {
      if (!name.startsWith('@') && typeof value === 'string' && /^[a-z][a-z0-9+.-]*:/i.test(value) && /[/#]$/.test(value)) prefixes[name] = value;
    }
  }
  return prefixes;
}
