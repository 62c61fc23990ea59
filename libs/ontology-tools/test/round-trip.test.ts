// Every RDF fixture written as Turtle, read back, written as RDF/XML and read back again is
// isomorphic to the original: equal canonicalized N-Quads.
import { describe, expect, it } from 'vitest';
import { canonicalNQuads, convertSource, readGraph } from '../src/index.js';
import { RDF_FIXTURES, readFixture } from './fixtures.js';

async function canonical(format: Parameters<typeof readGraph>[0], text: string): Promise<string> {
  const read = await readGraph(format, text);
  if (!read.ok) throw new Error(read.reason);
  return canonicalNQuads(read.graph.quads);
}

describe('conversions keep the graph', () => {
  it.each(RDF_FIXTURES)('when $path goes to Turtle and on to RDF/XML then the graph is isomorphic', async ({ path, format }) => {
    const original = readFixture(path);
    const turtle = await convertSource(format, original, 'turtle');
    const rdfxml = await convertSource('turtle', turtle, 'rdfxml');
    const [before, after] = await Promise.all([canonical(format, original), canonical('rdf', rdfxml)]);
    expect(after.length).toBeGreaterThan(0);
    expect(after === before, `${path}: the round trip changed the graph`).toBe(true);
  });

  it.each(RDF_FIXTURES.filter(({ triples }) => triples < 5000))(
    'when $path goes to N-Triples and JSON-LD then both read back isomorphic',
    async ({ path, format }) => {
      const original = readFixture(path);
      const before = await canonical(format, original);
      const nTriples = await convertSource(format, original, 'ntriples');
      expect(await canonical('turtle', nTriples)).toBe(before);
      const jsonLd = await convertSource(format, original, 'jsonld');
      expect(JSON.parse(jsonLd)).toHaveProperty('@context');
      expect(await canonical('json', jsonLd)).toBe(before);
    },
  );

  it('when blank nodes are relabelled then the canonical form does not change', async () => {
    const a = await canonical('turtle', '@prefix ex: <http://example.org/> .\nex:s ex:p [ ex:q [ ex:r "1" ] ], [ ex:q "2" ] .\n');
    const b = await canonical('turtle', '@prefix ex: <http://example.org/> .\n_:z ex:q "2" .\nex:s ex:p _:y, _:z .\n_:y ex:q _:x .\n_:x ex:r "1" .\n');
    expect(b).toBe(a);
  });
});
