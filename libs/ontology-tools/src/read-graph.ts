// Reads a stored source as an RDF graph with the same parsers (and the same safety bounds)
// that accepted it: Turtle, RDF/XML (rdf, owl) and JSON-LD (json with an @context).
import { validateSource, type SourceFormat } from '@oms/formats';
import { isJsonLd, jsonLdToQuads, prefixesOfJsonLd } from './json-ld.js';
import type { Quad } from './terms.js';

export type RdfGraph = { quads: Quad[]; prefixes: Record<string, string> };
export type GraphRead = { ok: true; graph: RdfGraph } | { ok: false; reason: string };

export const RDF_SYNTAX_FORMATS: readonly SourceFormat[] = ['turtle', 'rdf', 'owl'];

/** The parsed value of a json or yaml source (several YAML documents give an array), or undefined. */
export async function readValue(format: 'json' | 'yaml', text: string): Promise<{ ok: true; value: unknown } | { ok: false; reason: string }> {
  const values: unknown[] = [];
  const check = await validateSource(format, text, { value: (value) => values.push(value) });
  if (!check.ok) return { ok: false, reason: check.message };
  return { ok: true, value: values.length === 1 ? values[0] : values };
}

export async function readGraph(format: SourceFormat, text: string): Promise<GraphRead> {
  if (RDF_SYNTAX_FORMATS.includes(format)) {
    const quads: Quad[] = [];
    const prefixes: Record<string, string> = {};
    const check = await validateSource(format, text, {
      quad: (quad) => quads.push(quad),
      prefix: (prefix, iri) => {
        prefixes[prefix] = iri;
      },
    });
    if (!check.ok) return { ok: false, reason: check.message };
    if (check.syntax === 'owl-xml') return { ok: false, reason: 'the source is OWL/XML, which is not an RDF syntax' };
    return { ok: true, graph: { quads, prefixes } };
  }
  if (format === 'json') {
    const read = await readValue('json', text);
    if (!read.ok) return read;
    if (!isJsonLd(read.value)) return { ok: false, reason: 'the JSON has no @context, so it is not JSON-LD' };
    try {
      return { ok: true, graph: { quads: await jsonLdToQuads(read.value), prefixes: prefixesOfJsonLd(read.value) } };
    } catch (error) {
      return { ok: false, reason: error instanceof Error ? error.message : String(error) };
    }
  }
  return { ok: false, reason: `${format} sources are not RDF` };
}
