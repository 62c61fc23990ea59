// RDF/XML (and OWL, which is RDF/XML or OWL/XML) in three steps: vet the DOCTYPE and
// expand entities with bounds, check the whole text is well-formed, then parse RDF/XML.
// The RDF/XML parser never sees a DOCTYPE: its own entity handling is unsafe.
import { RdfXmlParser } from 'rdfxml-streaming-parser';
import type { SourceObserver } from './observer.js';
import { ACCEPTED, reasonOf, refuse, type Refusal, type SourceCheck } from './position.js';
import { resolvePrefixesInScope } from './xml-prefixes.js';
import { prepareXml, substituteEntities } from './xml-safety.js';
import { checkWellFormed } from './xml-wellformed.js';

export const OWL = 'http://www.w3.org/2002/07/owl#';
// Relative IRIs need some base; a reserved domain, so nothing can mistake it for a real one.
export const PLACEHOLDER_BASE = 'http://base.invalid/document';
/**
 * Element nesting of rdf and owl sources (RDF/XML or OWL/XML). Protégé and the OWL API write an
 * rdf:List as nested rdf:rest/rdf:Description elements, two levels per member: real files nest
 * hundreds to thousands of levels. This accepts lists of 25,000 members; parsing is linear in
 * depth (xml-prefixes.ts), and a hostile document is stopped at the bound in a fraction of a second.
 */
export const MAX_RDF_XML_DEPTH = 50_000;

export function refuseRdfError(error: unknown): Refusal {
  const reason = reasonOf(error);
  // The parser writes "Line 3 column 7: ..." for its own errors and "3:7: ..." for its saxes'.
  const at = /^Line (\d+) column (\d+): (.*)$/s.exec(reason) ?? /^(\d+):(\d+): (.*)$/s.exec(reason);
  if (!at?.[3]) return refuse(reason);
  return refuse(at[3], { line: Number(at[1]), column: Math.max(1, Number(at[2])) });
}

function parseRdfXml(text: string, observer: SourceObserver): Promise<SourceCheck> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (check: SourceCheck) => {
      if (settled) return;
      settled = true;
      resolve(check);
    };
    try {
      const parser = new RdfXmlParser({ baseIRI: PLACEHOLDER_BASE, trackPosition: true });
      // Its own saxes resolves prefixes by walking the open elements too (see xml-prefixes.ts).
      resolvePrefixesInScope((parser as unknown as { saxParser?: unknown }).saxParser);
      // Quads go to the observer or are dropped: the stream only ends once its output has been consumed.
      const onQuad = observer.quad;
      parser.on('data', onQuad ? (quad: Parameters<typeof onQuad>[0]) => { if (!settled) onQuad(quad); } : () => undefined);
      parser.on('error', (error: unknown) => settle(refuseRdfError(error)));
      parser.on('end', () => settle(ACCEPTED));
      parser.on('close', () => settle(refuse('the RDF/XML parser stopped before the end of the document')));
      parser.write(text);
      parser.end();
    } catch (error) {
      settle(refuseRdfError(error));
    }
  });
}

/** RDF/XML; with `owlXml`, a well-formed OWL/XML document (root owl:Ontology) is accepted too. */
export async function checkRdfXml(text: string, options: { owlXml: boolean }, observer: SourceObserver = {}): Promise<SourceCheck> {
  const prepared = prepareXml(text);
  if (!prepared.ok) return prepared;
  const outline = checkWellFormed(prepared, { maxDepth: MAX_RDF_XML_DEPTH });
  if (!outline.ok) return outline;
  if (options.owlXml && outline.root.uri === OWL && outline.root.local === 'Ontology') return { ok: true, syntax: 'owl-xml' };
  for (const [prefix, iri] of Object.entries(outline.rootNamespaces)) observer.prefix?.(prefix, iri);
  return parseRdfXml(substituteEntities(prepared.body, prepared.entities), observer);
}
