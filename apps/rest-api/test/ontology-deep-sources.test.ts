// Real OWL nests deep: Protégé and the OWL API write an rdf:List as nested RDF/XML elements, two
// levels per member. Such a file is stored, measured and converted like any other, while a
// document nested 100,000 levels deep is refused at once and the service keeps answering.
import { deepRdfXmlList, deepRdfXmlListTriples, hostileRdfXml } from '@oms/formats/testing';
import { describe, expect, it } from 'vitest';
import { useTestServer } from './support/use-test-server.js';

const { server, users: { user } } = useTestServer({ users: ['user'] });

const create = (source: string, title: string) =>
  server.request('POST', '/api/v1/ontologies', { token: user.token, json: { ontology: { title, source, source_format: 'owl', visibility: 'private' } } });

describe('deeply nested sources', () => {
  it('when a 10,000-member rdf:List in RDF/XML is created then it is stored with its metrics and converts to Turtle', async () => {
    const source = deepRdfXmlList(10_000);
    const created = await create(source, 'Ten thousand codes');
    expect(created.status).toBe(201);
    expect(created.body.metrics).toMatchObject({ bytes: Buffer.byteLength(source), rdf: { triples: deepRdfXmlListTriples(10_000) } });

    const turtle = await fetch(`${server.baseUrl}/api/v1/ontologies/${created.body.id}/source?format=turtle`, { headers: { authorization: `Bearer ${user.token}` } });
    expect(turtle.status).toBe(200);
    expect(await turtle.text()).toContain('"C9999"');
  }, 120_000);

  it('when a document nested 100,000 levels deep is created then it answers 422 on source quickly and the service keeps answering', async () => {
    const started = performance.now();
    const refused = await create(hostileRdfXml(100_000), 'Hostile');
    expect(refused.status).toBe(422);
    expect(refused.body.errors.source[0]).toMatch(/^line 1, column \d+: elements are nested more than \d+ levels deep$/);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect((await server.request('GET', '/api/v1/ontologies', { token: user.token })).status).toBe(200);
  });
});
