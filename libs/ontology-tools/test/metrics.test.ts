// Metrics come from the validating parse itself; the triple counts must be rdflib's.
import { describe, expect, it } from 'vitest';
import { validateSource, type SourceFormat } from '@oms/formats';
import { collectMetrics, countLines, structureMetrics, type SourceMetrics } from '../src/index.js';
import { RDF_FIXTURES, readFixture } from './fixtures.js';

async function measure(format: SourceFormat, text: string): Promise<SourceMetrics> {
  const collector = collectMetrics(format);
  const check = await validateSource(format, text, collector.observer);
  if (!check.ok) throw new Error(check.message);
  return collector.finish(text, check);
}

describe('metrics of RDF sources', () => {
  it.each(RDF_FIXTURES)('when $path is measured then it has $triples triples', async ({ path, format, triples }) => {
    const text = readFixture(path);
    const metrics = await measure(format, text);
    expect(metrics.rdf?.triples).toBe(triples);
    expect(metrics.bytes).toBe(Buffer.byteLength(text));
    expect(metrics.lines).toBe(countLines(text));
  });

  it('when the two serializations of FOAF are measured then every count agrees', async () => {
    const turtle = await measure('turtle', readFixture('turtle/foaf.ttl'));
    const rdfxml = await measure('rdf', readFixture('rdf/foaf.rdf'));
    expect(turtle.rdf).toEqual(rdfxml.rdf);
    expect(turtle.rdf).toMatchObject({ classes: 15, object_properties: 33, datatype_properties: 27 });
  });

  it('when wine is measured then its classes, individuals and declared import are counted', async () => {
    const metrics = await measure('owl', readFixture('owl/wine.owl'));
    expect(metrics.rdf).toMatchObject({ classes: 74, individuals: 161 });
    expect(metrics.rdf?.imports).toHaveLength(1);
    expect(metrics.rdf?.imports[0]).toMatch(/food/);
  });

  it('when a triple is stated twice then it is counted once', async () => {
    const metrics = await measure('turtle', '@prefix ex: <http://example.org/> .\nex:a ex:b ex:c .\nex:a ex:b ex:c .\nex:a ex:b "x"@en, "x"@EN, "x" .\n');
    expect(metrics.rdf?.triples).toBe(3);
  });

  it('when an owl source is OWL/XML then it says so and counts no triples', async () => {
    const owlXml = '<?xml version="1.0"?>\n<Ontology xmlns="http://www.w3.org/2002/07/owl#" ontologyIRI="http://example.org/o"/>\n';
    const metrics = await measure('owl', owlXml);
    expect(metrics).toEqual({ bytes: owlXml.length, lines: 2, syntax: 'owl-xml' });
  });
});

describe('metrics of other formats', () => {
  it('when a LinkML YAML schema is measured then its top-level keys, classes and slots are counted', async () => {
    const metrics = await measure('yaml', readFixture('yaml/biolink-model.yaml'));
    expect(metrics.structure?.top_level_keys).toEqual(expect.arrayContaining(['id', 'name', 'classes', 'slots']));
    expect(metrics.structure?.linkml?.classes).toBe(335);
    expect(metrics.structure?.linkml?.slots).toBeGreaterThan(0);
  });

  it('when JSON-LD is measured then it is marked and its triples are counted without any network', async () => {
    const metrics = await measure('json', readFixture('json/csvw.jsonld'));
    expect(metrics.syntax).toBe('json-ld');
    expect(metrics.rdf?.triples).toBeGreaterThan(100);
  });

  it('when JSON-LD names a remote context then it is measured without triples', async () => {
    const metrics = await measure('json', '{"@context": "https://schema.org/", "name": "x"}');
    expect(metrics.syntax).toBe('json-ld');
    expect(metrics.rdf).toBeUndefined();
    expect(metrics.structure?.top_level_keys).toEqual(['@context', 'name']);
  });

  it('when an ORM2 model is measured then its summary is kept', async () => {
    const metrics = await measure('orm', readFixture('orm/PersonCountryDemo.orm'));
    expect(metrics.orm).toMatchObject({ object_types: expect.any(Number), fact_types: 8 });
    expect(metrics.orm?.entity_types).toBe(3);
  });

  it('when other text is measured then only sizes are given', async () => {
    expect(await measure('other', 'a\r\nb')).toEqual({ bytes: 4, lines: 2 });
  });

  it('when lines are counted then a final line without a break counts too', () => {
    expect([countLines(''), countLines('a'), countLines('a\n'), countLines('a\nb'), countLines('\n\n')]).toEqual([0, 1, 1, 2, 2]);
  });

  it('when a document has a thousand keys then the first hundred are listed', () => {
    const value = Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`k${i}`, i]));
    const metrics = structureMetrics(value);
    expect(metrics.top_level_keys).toHaveLength(100);
    expect(metrics.top_level_key_count).toBe(1000);
  });
});
