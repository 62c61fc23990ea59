// RDF/XML and OWL sources read as a stream (DESIGN 8) give the metrics and terms the whole-text
// path gives them: every RDF/XML fixture, and an OWL/XML document, in small pieces.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SourceFormat } from '@oms/formats';
import { checkAndMeasure } from '../src/check-and-measure.js';
import { checkAndMeasureStream } from '../src/check-and-measure-stream.js';
import { extractTerms, extractTermsStream, extractTermsToFile } from '../src/index.js';
import { RDF_FIXTURES, readFixture } from './fixtures.js';

async function* pieces(text: string, size: number): AsyncGenerator<Uint8Array> {
  const bytes = Buffer.from(text, 'utf8');
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

const OWL_XML = `\uFEFF<?xml version="1.0"?>
<!DOCTYPE Ontology [ <!ENTITY ex "http://example.org/o#" > ]>
<Ontology xmlns="http://www.w3.org/2002/07/owl#" xml:base="http://example.org/o" ontologyIRI="http://example.org/o">
  <Prefix name="ex" IRI="http://example.org/o#"/>
  <Declaration><Class IRI="&ex;Animal"/></Declaration>
  <Declaration><Class abbreviatedIRI="ex:Dog"/></Declaration>
  <SubClassOf><Class abbreviatedIRI="ex:Dog"/><Class IRI="#Animal"/></SubClassOf>
  <AnnotationAssertion><AnnotationProperty abbreviatedIRI="rdfs:label"/><IRI>&ex;Dog</IRI><Literal xml:lang="en">dog</Literal></AnnotationAssertion>
</Ontology>
`;

const rdfXmlFixtures = RDF_FIXTURES.filter((fixture) => fixture.format !== 'turtle');

describe('RDF/XML and OWL read as a stream', () => {
  it.each(rdfXmlFixtures)('when $path comes in 4096-byte pieces then its metrics and terms are those of the whole text', async ({ path, format, triples }) => {
    const text = readFixture(path);
    const streamed = await checkAndMeasureStream(format, pieces(text, 4096), Buffer.byteLength(text));
    expect(streamed).toEqual(await checkAndMeasure(format, text, { terms: false }));
    expect(streamed.ok && streamed.metrics.rdf?.triples).toBe(triples);
    expect(await extractTermsStream(format, pieces(text, 4096))).toEqual(await extractTerms(format, text));
  }, 60_000);

  it.each([1, 7, 4096])('when an OWL/XML source comes in %i-byte pieces then it measures as OWL/XML and its terms are read from the stream', async (size) => {
    const format: SourceFormat = 'owl';
    const streamed = await checkAndMeasureStream(format, pieces(OWL_XML, size));
    expect(streamed).toEqual(await checkAndMeasure(format, OWL_XML, { terms: false }));
    expect(streamed.ok && streamed.metrics.syntax).toBe('owl-xml');
    const terms = await extractTermsStream(format, pieces(OWL_XML, size));
    expect(terms).toEqual(await extractTerms(format, OWL_XML));
    expect(terms.ok && terms.terms.find((term) => term.iri === 'http://example.org/o#Dog')).toMatchObject({ label: 'dog', parents: ['http://example.org/o#Animal'] });
  });

  it('when an RDF/XML source is cut off then the stream refuses it as the whole text does', async () => {
    const text = readFixture('rdf/foaf.rdf');
    const cut = text.slice(0, Math.floor(text.length / 2));
    const streamed = await checkAndMeasureStream('rdf', pieces(cut, 1000));
    expect(streamed).toMatchObject({ ok: false });
    expect(streamed).toEqual(await checkAndMeasure('rdf', cut, { terms: false }));
  });

  it.each([
    ['owl', 'an OWL/XML document', (): string => OWL_XML],
    ['owl', 'owl/pizza.owl', (): string => readFixture('owl/pizza.owl')],
    ['rdf', 'rdf/foaf.rdf', (): string => readFixture('rdf/foaf.rdf')],
    ['json', 'json/csvw.jsonld', (): string => readFixture('json/csvw.jsonld')],
  ] as const)('when the background writes the terms of %s (%s) to a file then they are the whole text\'s terms', async (format, _name, text) => {
    const dir = mkdtempSync(join(tmpdir(), 'oms-terms-file-'));
    try {
      const whole = await extractTerms(format, text());
      expect(whole.ok).toBe(true);
      const out = join(dir, 'terms.jsonl');
      const written = await extractTermsToFile(format, pieces(text(), 4096), out);
      const lines = readFileSync(out, 'utf8').split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as { iri: string });
      const byIri = (a: { iri: string }, b: { iri: string }) => (a.iri < b.iri ? -1 : a.iri > b.iri ? 1 : 0);
      if (!whole.ok) return;
      expect(written).toEqual({ ok: true, count: whole.terms.length, ...(whole.skipped === undefined ? {} : { skipped: whole.skipped }) });
      expect([...lines].sort(byIri)).toEqual([...whole.terms].sort(byIri));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
