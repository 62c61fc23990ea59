import { DataFactory, Parser } from 'n3';
import { describe, expect, it } from 'vitest';
import { canonicalNQuads } from './canonical.js';
import { NotRepresentableError } from './errors.js';
import { readGraph } from './read-graph.js';
import { splitIri, writeRdfXml } from './write-rdfxml.js';

const { namedNode, literal, quad, blankNode } = DataFactory;
const turtle = (text: string) => new Parser({ baseIRI: 'http://base.invalid/document' }).parse(text);

async function roundTrips(text: string): Promise<void> {
  const quads = turtle(text);
  const xml = writeRdfXml(quads, { ex: 'http://example.org/' });
  const read = await readGraph('rdf', xml);
  if (!read.ok) throw new Error(`${read.reason}\n${xml}`);
  expect(await canonicalNQuads(read.graph.quads)).toBe(await canonicalNQuads(quads));
}

describe('writeRdfXml', () => {
  it('when literals hold markup, quotes, line breaks and carriage returns then they come back exactly', async () => {
    await roundTrips('@prefix ex: <http://example.org/> .\nex:a ex:p "<b>&amp; \\"x\\" ]]>\\r\\n\\ttab" , "" , "chat"@fr-CA , "1"^^<http://www.w3.org/2001/XMLSchema#integer> .\n');
  });

  it('when an XMLLiteral or an empty typed literal is written then its datatype is kept', async () => {
    await roundTrips(
      '@prefix ex: <http://example.org/> .\nex:a ex:p "<x xmlns=\\"http://e/\\">1</x>"^^<http://www.w3.org/1999/02/22-rdf-syntax-ns#XMLLiteral> , ""^^<http://www.w3.org/2001/XMLSchema#token> .\n',
    );
  });

  it('when blank nodes, lists and IRIs with odd characters occur then the graph is kept', async () => {
    await roundTrips('@prefix ex: <http://example.org/> .\nex:a ex:p ( ex:b [ ex:q "z" ] ) ; ex:r <http://example.org/x?a=1&b=%222%22#f> .\n[] ex:p [] .\n');
  });

  it('when predicates end in digits or need new namespaces then prefixes are made up', () => {
    const xml = writeRdfXml([quad(namedNode('http://e.org/s'), namedNode('http://other.org/v1/p2'), literal('x'))]);
    expect(xml).toContain('xmlns:ns1="http://other.org/v1/"');
    expect(xml).toContain('<ns1:p2>x</ns1:p2>');
  });

  it('when a predicate has no XML local name then it is refused rather than changed', () => {
    expect(() => writeRdfXml([quad(namedNode('http://e.org/s'), namedNode('http://e.org/p/'), literal('x'))])).toThrow(NotRepresentableError);
    expect(() => writeRdfXml([quad(namedNode('http://e.org/s'), namedNode('http://e.org/123'), literal('x'))])).toThrow(NotRepresentableError);
  });

  it('when a predicate is RDF/XML syntax or a literal holds a character XML cannot carry then it is refused', () => {
    const li = namedNode('http://www.w3.org/1999/02/22-rdf-syntax-ns#li');
    expect(() => writeRdfXml([quad(namedNode('http://e.org/s'), li, literal('x'))])).toThrow(/reserved/);
    expect(() => writeRdfXml([quad(namedNode('http://e.org/s'), namedNode('http://e.org/p'), literal('\u0001'))])).toThrow(/XML 1.0/);
  });

  it('when a quad is in a named graph then it is refused', () => {
    expect(() => writeRdfXml([quad(blankNode('a'), namedNode('http://e.org/p'), literal('x'), namedNode('http://e.org/g'))])).toThrow(/named graphs/);
  });

  it('when IRIs are split then the local name is the longest XML name at the end', () => {
    expect(splitIri('http://www.w3.org/2002/07/owl#Class')).toEqual({ namespace: 'http://www.w3.org/2002/07/owl#', local: 'Class' });
    expect(splitIri('http://purl.org/dc/terms/date.created')).toEqual({ namespace: 'http://purl.org/dc/terms/', local: 'date.created' });
    expect(splitIri('urn:isbn:0451450523')).toBeUndefined();
  });

  it('when an IRI is very long then it is split in linear time (no regex backtracking)', () => {
    const started = performance.now();
    expect(splitIri(`http://x/${'a'.repeat(300_000)}/`)).toBeUndefined();
    expect(splitIri(`http://x/${'a'.repeat(300_000)}`)?.local).toHaveLength(300_000);
    // the quadratic tail regex needed minutes for this; a linear walk needs milliseconds
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
