import { describe, expect, it } from 'vitest';
import { ConversionError, convertSource } from './convert.js';

describe('convertSource', () => {
  it('when the source is not RDF then the conversion is refused with a reason', async () => {
    await expect(convertSource('yaml', 'a: 1\n', 'turtle')).rejects.toThrow(ConversionError);
    await expect(convertSource('json', '{"a": 1}', 'turtle')).rejects.toThrow(/not JSON-LD/);
  });

  it('when a predicate cannot be an XML name then RDF/XML is refused but Turtle works', async () => {
    const source = '<http://e/s> <http://e/p/> "x" .\n';
    await expect(convertSource('turtle', source, 'rdfxml')).rejects.toThrow(/no XML local name/);
    expect(await convertSource('turtle', source, 'ntriples')).toBe('<http://e/s> <http://e/p/> "x" .\n');
  });

  it('when JSON-LD holds named graphs then Turtle is refused and JSON-LD keeps them', async () => {
    const source = JSON.stringify({ '@context': { ex: 'http://e/' }, '@id': 'ex:g', '@graph': [{ '@id': 'ex:s', 'ex:p': 'x' }] });
    await expect(convertSource('json', source, 'turtle')).rejects.toThrow(/named graphs/);
    expect(JSON.parse(await convertSource('json', source, 'jsonld'))).toHaveProperty('@context');
  });

  it('when Turtle is written then the source prefixes are used', async () => {
    const turtle = await convertSource('rdf', '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:ex="http://e/"><rdf:Description rdf:about="http://e/s"><ex:p>x</ex:p></rdf:Description></rdf:RDF>', 'turtle');
    expect(turtle).toContain('@prefix ex: <http://e/>.');
    expect(turtle).toContain('ex:s ex:p "x".');
  });
});
