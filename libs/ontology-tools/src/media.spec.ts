import { describe, expect, it } from 'vitest';
import { describeSource, downloadFileName, isOwlXml } from './media.js';

describe('describeSource', () => {
  it('when each format is described then it has its media type and extension', () => {
    expect(describeSource('turtle', '')).toEqual({ mediaType: 'text/turtle', extension: 'ttl', native: 'turtle' });
    expect(describeSource('rdf', '')).toMatchObject({ mediaType: 'application/rdf+xml', native: 'rdfxml' });
    expect(describeSource('owl', '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/>')).toMatchObject({ mediaType: 'application/rdf+xml', extension: 'owl' });
    expect(describeSource('yaml', 'a: 1')).toEqual({ mediaType: 'application/yaml', extension: 'yaml' });
    expect(describeSource('orm', '')).toEqual({ mediaType: 'application/xml', extension: 'orm' });
    expect(describeSource('other', '')).toEqual({ mediaType: 'text/plain', extension: 'txt' });
  });

  it('when JSON has an @context then it is JSON-LD, else plain JSON', () => {
    expect(describeSource('json', '{"@context":{},"@id":"x"}')).toMatchObject({ mediaType: 'application/ld+json', native: 'jsonld' });
    expect(describeSource('json', '\uFEFF[{"@context":"https://schema.org"}]')).toMatchObject({ mediaType: 'application/ld+json' });
    expect(describeSource('json', '{"context":1}')).toEqual({ mediaType: 'application/json', extension: 'json' });
  });

  it('when an owl source is OWL/XML then it is not offered as RDF', () => {
    const owlXml = '<?xml version="1.0"?>\n<!DOCTYPE Ontology [<!ENTITY x "y">]>\n<!-- c -->\n<Ontology xmlns="http://www.w3.org/2002/07/owl#" ontologyIRI="http://e/o"/>';
    expect(isOwlXml(owlXml)).toBe(true);
    expect(isOwlXml('<owl:Ontology xmlns:owl="http://www.w3.org/2002/07/owl#"/>')).toBe(true);
    expect(isOwlXml('<Ontology xmlns="http://example.org/not-owl#"/>')).toBe(false);
    expect(describeSource('owl', owlXml)).toEqual({ mediaType: 'application/owl+xml', extension: 'owx' });
  });
});

describe('downloadFileName', () => {
  it('when a title has accents, spaces and symbols then the slug is plain lower-case words', () => {
    expect(downloadFileName('Pizza Ontology (Protégé) ', '1.2.0', 'owl')).toBe('pizza-ontology-protege-1.2.0.owl');
    expect(downloadFileName('  ***  ', '1.0.0', 'ttl')).toBe('ontology-1.0.0.ttl');
    expect(downloadFileName('a"b\\c\r\nd', '1.0.0', 'txt')).toBe('a-b-c-d-1.0.0.txt');
  });
});
