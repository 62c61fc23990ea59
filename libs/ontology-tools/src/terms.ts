// RDF terms as the tools pass them around (RDF/JS shapes), their canonical N-Quads form and
// their JSON form on the wire.
import type * as RDF from '@rdfjs/types';
import { RDF_LANG_STRING, XSD_STRING } from './vocabulary.js';

export type Term = RDF.Term;
export type Quad = RDF.Quad;

/** A term in an answer: `iri`, `blank` (a stable label) or `literal` with datatype or language. */
export type WireTerm =
  | { type: 'iri'; value: string }
  | { type: 'blank'; value: string }
  | { type: 'literal'; value: string; datatype?: string; language?: string };

const LITERAL_ESCAPES: Record<string, string> = { '\\': '\\\\', '"': '\\"', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f' };
const hex4 = (char: string) => `\\u${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

const isControl = (char: string) => {
  const code = char.charCodeAt(0);
  return code <= 0x1f || code === 0x7f;
};

/** Canonical N-Triples escaping: the same text always gives the same line. */
export function escapeLiteral(value: string): string {
  return value.replace(/[\\"\p{Cc}]/gu, (char) => LITERAL_ESCAPES[char] ?? (isControl(char) ? hex4(char) : char));
}

function escapeIri(value: string): string {
  // Controls from U+007F up are left as they are, as in RDFC-1.0's N-Quads.
  return value.replace(/[\p{Cc} <>"{}|^`\\]/gu, (char) => (char.charCodeAt(0) >= 0x7f ? char : hex4(char)));
}

/** A term in N-Quads; blank nodes keep their label. */
export function termToNQuads(term: Term): string {
  switch (term.termType) {
    case 'NamedNode':
      return `<${escapeIri(term.value)}>`;
    case 'BlankNode':
      return `_:${term.value}`;
    case 'Literal': {
      const text = `"${escapeLiteral(term.value)}"`;
      if (term.language) return `${text}@${term.language.toLowerCase()}`;
      const datatype = term.datatype.value;
      return datatype === XSD_STRING || datatype === RDF_LANG_STRING ? text : `${text}^^<${escapeIri(datatype)}>`;
    }
    case 'DefaultGraph':
      return '';
    default:
      return `?${term.value}`;
  }
}

/** One line of N-Quads (without the line break); a quad in the default graph is an N-Triples line. */
export function quadToNQuads(quad: Quad): string {
  const graph = termToNQuads(quad.graph);
  return `${termToNQuads(quad.subject)} ${termToNQuads(quad.predicate)} ${termToNQuads(quad.object)}${graph ? ` ${graph}` : ''} .`;
}

export function toWireTerm(term: Term): WireTerm {
  if (term.termType === 'BlankNode') return { type: 'blank', value: term.value };
  if (term.termType !== 'Literal') return { type: 'iri', value: term.value };
  if (term.language) return { type: 'literal', value: term.value, language: term.language };
  const datatype = term.datatype.value;
  return datatype === XSD_STRING ? { type: 'literal', value: term.value } : { type: 'literal', value: term.value, datatype };
}

export const hasBlankNode = (quad: Quad): boolean =>
  quad.subject.termType === 'BlankNode' || quad.object.termType === 'BlankNode' || quad.graph.termType === 'BlankNode';
