// Deep sources accepted by the format checks must also get through everything that reads them
// again: metrics at ingest, conversions to every syntax, canonical blank nodes and diffs. An
// rdf:List of 10,000 members is 20,000 elements deep in RDF/XML and 10,000 blank nodes deep as
// a graph; nothing downstream may recurse along it.
import { describe, expect, it } from 'vitest';
import { deepRdfXmlList, deepRdfXmlListTriples, MAX_JSON_DEPTH } from '@oms/formats/testing';
import { checkAndMeasure, convertSource, CONVERSION_TARGETS, diffSources, type SourceDiff } from '../src/index.js';

const MEMBERS = 10_000;
const list = deepRdfXmlList(MEMBERS);
const TARGET_FORMAT = { turtle: 'turtle', ntriples: 'turtle', rdfxml: 'rdf', jsonld: 'json' } as const;

function asRdf(diff: SourceDiff) {
  if (diff.kind !== 'rdf') throw new Error(`expected an rdf diff, got ${diff.kind}: ${diff.fallback_reason ?? ''}`);
  return diff;
}

describe('a 10,000-member rdf:List written as nested RDF/XML', () => {
  it('when it is checked and measured as owl then every triple is counted', async () => {
    const verdict = await checkAndMeasure('owl', list);
    expect(verdict).toMatchObject({ ok: true, metrics: { rdf: { triples: deepRdfXmlListTriples(MEMBERS) } } });
  });

  it.each(CONVERSION_TARGETS)('when it is converted to %s then the result is accepted again with its triples', async (target) => {
    const converted = await convertSource('owl', list, target);
    // JSON-LD writes the list as one @list array, which leaves out each node's rdf:type rdf:List.
    const triples = deepRdfXmlListTriples(MEMBERS) - (target === 'jsonld' ? MEMBERS : 0);
    expect(await checkAndMeasure(TARGET_FORMAT[target], converted)).toMatchObject({ ok: true, metrics: { rdf: { triples } } });
  }, 60_000);

  it('when two versions differ in every member then the semantic diff lists the changes', async () => {
    const diff = asRdf(await diffSources({ format: 'owl', text: list, name: 'a' }, { format: 'owl', text: deepRdfXmlList(MEMBERS, 'b'), name: 'b' }, { limit: 10 }));
    expect(diff.summary.triples_added).toBeGreaterThanOrEqual(MEMBERS);
    expect(diff.changes.length).toBeGreaterThan(0);
  }, 240_000);
});

describe('JSON-LD at the JSON nesting bound', () => {
  it('when a JSON-LD node nests as deep as the bound allows then its triples are still measured', async () => {
    const nested = Array.from({ length: MAX_JSON_DEPTH - 1 }, (_, level) => `"ex:p": {"@id": "ex:n${level + 1}", `).join('');
    const text = `{"@context": {"ex": "http://example.org/"}, "@id": "ex:n0", ${nested}"ex:q": 1${'}'.repeat(MAX_JSON_DEPTH)}`;
    expect(await checkAndMeasure('json', text)).toMatchObject({ ok: true, metrics: { syntax: 'json-ld', rdf: { triples: MAX_JSON_DEPTH } } });
  });
});
