// Conversions of RDF sources between serializations; the graph is read with the same parsers
// that accepted the source, so what is written is what was stored.
import type { SourceFormat } from '@oms/formats';
import { NotRepresentableError } from './errors.js';
import { quadsToJsonLd } from './json-ld.js';
import { readGraph, type RdfGraph } from './read-graph.js';
import { writeRdfXml } from './write-rdfxml.js';
import { writeNTriples, writeTurtle } from './write-turtle.js';

export const CONVERSION_TARGETS = ['turtle', 'rdfxml', 'jsonld', 'ntriples'] as const;
export type ConversionTarget = (typeof CONVERSION_TARGETS)[number];

export const TARGET_MEDIA_TYPES: Record<ConversionTarget, string> = {
  turtle: 'text/turtle',
  rdfxml: 'application/rdf+xml',
  jsonld: 'application/ld+json',
  ntriples: 'application/n-triples',
};

export const TARGET_EXTENSIONS: Record<ConversionTarget, string> = { turtle: 'ttl', rdfxml: 'rdf', jsonld: 'jsonld', ntriples: 'nt' };

/** The source cannot be read as an RDF graph, or the graph cannot be written in the target syntax. */
export class ConversionError extends Error {}

export async function writeGraph(graph: RdfGraph, target: ConversionTarget): Promise<string> {
  switch (target) {
    case 'turtle':
      return writeTurtle(graph.quads, graph.prefixes);
    case 'ntriples':
      return writeNTriples(graph.quads);
    case 'rdfxml':
      return writeRdfXml(graph.quads, graph.prefixes);
    case 'jsonld':
      return quadsToJsonLd(graph.quads, graph.prefixes);
  }
}

export async function convertSource(format: SourceFormat, text: string, target: ConversionTarget): Promise<string> {
  const read = await readGraph(format, text);
  if (!read.ok) throw new ConversionError(`the source cannot be read as RDF: ${read.reason}`);
  try {
    return await writeGraph(read.graph, target);
  } catch (error) {
    // Writers refuse data their syntax cannot hold (NotRepresentableError, or jsonld's and N3.js's
    // own errors about the data): the conversion is impossible, not the service broken.
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConversionError(error instanceof NotRepresentableError ? reason : `the ${target} writer refused the graph: ${reason}`, { cause: error });
  }
}
