// GET /api/v1/ontologies/:id/source: the stored bytes with the right media type, conversions of
// RDF sources (cached by commit hash), and 406 for what cannot be had.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { canonicalNQuads, readGraph } from '@oms/ontology-tools';
import { createOntology, FIXTURES, TURTLE } from './support/test-server.js';
import { useTestServer } from './support/use-test-server.js';

const fixtureBytes = (path: string) => readFileSync(new URL(`ontologies/${path}`, FIXTURES));
const fixture = (path: string) => fixtureBytes(path).toString('utf8');
const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');
const MISSING = '01a20413-0000-7000-8000-000000000000';

const { server, users: { alice, bob } } = useTestServer({ users: ['alice', 'bob'] });

async function download(id: string, query = '', headers: Record<string, string> = {}, token = alice.token) {
  const response = await fetch(`${server.baseUrl}/api/v1/ontologies/${id}/source${query}`, { headers: { authorization: `Bearer ${token}`, ...headers } });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes, text: bytes.toString('utf8') };
}

async function canonical(format: 'turtle' | 'rdf' | 'owl' | 'json', text: string): Promise<string> {
  const read = await readGraph(format, text);
  if (!read.ok) throw new Error(read.reason);
  return canonicalNQuads(read.graph.quads);
}

describe('downloads as stored', () => {
  const CASES = [
    ['orm/PersonCountryDemo.orm', 'orm', 'application/xml; charset=utf-8', 'orm'],
    ['owl/wine.owl', 'owl', 'application/rdf+xml; charset=utf-8', 'owl'],
    ['rdf/foaf.rdf', 'rdf', 'application/rdf+xml; charset=utf-8', 'rdf'],
    ['turtle/dcat3.ttl', 'turtle', 'text/turtle; charset=utf-8', 'ttl'],
    ['json/csvw.jsonld', 'json', 'application/ld+json; charset=utf-8', 'jsonld'],
    ['json/biolink_model.jsonld', 'json', 'application/ld+json; charset=utf-8', 'jsonld'],
    ['yaml/linkml-types.yaml', 'yaml', 'application/yaml; charset=utf-8', 'yaml'],
  ] as const;

  it.each(CASES)('when %s (%s) is downloaded then the bytes, media type, ETag and file name are right', async (path, format, mediaType, extension) => {
    const bytes = fixtureBytes(path);
    const ontology = await createOntology(server, alice.token, { title: `My ${format} file`, source: bytes.toString('utf8'), source_format: format, version: '2.1.0' });
    const response = await download(ontology.id);
    expect(response.status).toBe(200);
    expect(sha256(response.bytes)).toBe(sha256(bytes));
    expect(response.headers.get('content-type')).toBe(mediaType);
    expect(response.headers.get('etag')).toBe(`"${ontology.head_hash}"`);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="my-${format}-file-2.1.0.${extension}"`);
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('when JSON has no @context then it is plain application/json', async () => {
    const ontology = await createOntology(server, alice.token, { title: 'Data', source: '{"classes": {"Cat": {}}}', source_format: 'json' });
    const response = await download(ontology.id);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="data-1.0.0.json"');
  });

  it('when other text is downloaded then it is text/plain', async () => {
    const ontology = await createOntology(server, alice.token, { title: 'Notes', source: 'just text\r\n', source_format: 'other' });
    const response = await download(ontology.id);
    expect(response).toMatchObject({ status: 200, text: 'just text\r\n' });
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  });

  it('when an older version is downloaded then it is that commit, cacheable for good', async () => {
    const ontology = await createOntology(server, alice.token, { title: 'V', source: TURTLE });
    await server.request('PATCH', `/api/v1/ontologies/${ontology.id}`, { token: alice.token, json: { ontology: { source: `${TURTLE}# v2\n` } } });
    const old = await download(ontology.id, '?version=1.0.0');
    expect(old.text).toBe(TURTLE);
    expect(old.headers.get('etag')).toBe(`"${ontology.head_hash}"`);
    expect(old.headers.get('cache-control')).toContain('immutable');
    const commits = await server.request('GET', `/api/v1/ontologies/${ontology.id}/commits`, { token: alice.token });
    expect((await download(ontology.id, `?commit_id=${commits.body.data[1].id}`)).text).toBe(TURTLE);
    expect((await download(ontology.id)).text).toBe(`${TURTLE}# v2\n`);
  });

  it('when If-None-Match names the ETag then it answers 304 without a body', async () => {
    const ontology = await createOntology(server, alice.token);
    const response = await download(ontology.id, '', { 'if-none-match': `"${ontology.head_hash}"` });
    expect(response.status).toBe(304);
    expect(response.bytes.length).toBe(0);
  });
});

describe('conversions', () => {
  it('when Turtle is asked for as RDF/XML, JSON-LD and N-Triples then each is the same graph', async () => {
    const source = fixture('turtle/foaf.ttl');
    const ontology = await createOntology(server, alice.token, { title: 'FOAF', source });
    const original = await canonical('turtle', source);
    const rdfxml = await download(ontology.id, '?format=rdfxml');
    expect(rdfxml.headers.get('content-type')).toBe('application/rdf+xml; charset=utf-8');
    expect(rdfxml.headers.get('content-disposition')).toBe('attachment; filename="foaf-1.0.0.rdf"');
    expect(rdfxml.headers.get('etag')).toBe(`"${ontology.head_hash}-rdfxml"`);
    expect(await canonical('rdf', rdfxml.text)).toBe(original);
    const jsonld = await download(ontology.id, '', { accept: 'application/ld+json' });
    expect(jsonld.headers.get('content-type')).toBe('application/ld+json; charset=utf-8');
    expect(await canonical('json', jsonld.text)).toBe(original);
    const ntriples = await download(ontology.id, '?format=ntriples');
    expect(ntriples.headers.get('content-type')).toBe('application/n-triples; charset=utf-8');
    expect(ntriples.text.trim().split('\n')).toHaveLength(631);
    expect((await download(ontology.id, '?format=rdfxml')).text).toBe(rdfxml.text);
  });

  it('when the asked form is the stored one then the stored bytes come back unchanged', async () => {
    const source = fixture('rdf/dcterms.rdf');
    const ontology = await createOntology(server, alice.token, { source, source_format: 'rdf' });
    expect((await download(ontology.id, '?format=rdfxml')).text).toBe(source);
    expect((await download(ontology.id, '', { accept: 'application/rdf+xml;q=0.9, text/turtle;q=0.1' })).text).toBe(source);
    expect((await download(ontology.id, '', { accept: 'text/turtle' })).headers.get('content-type')).toBe('text/turtle; charset=utf-8');
  });

  it.each([
    ['owl/pizza.owl', 'owl'],
    ['owl/wine.owl', 'owl'],
    ['owl/prov-o.owl', 'owl'],
    ['owl/schemaorg-30.0.owl', 'owl'],
    ['rdf/dcterms.rdf', 'rdf'],
    ['rdf/foaf.rdf', 'rdf'],
    ['rdf/sparql-service-description.rdf', 'rdf'],
    ['turtle/prov-o.ttl', 'turtle'],
    ['turtle/dcat3.ttl', 'turtle'],
    ['turtle/foaf.ttl', 'turtle'],
    ['turtle/schemaorg-current-https.ttl', 'turtle'],
  ] as const)('when %s goes to Turtle and back to RDF/XML through the API then the graph is isomorphic', async (path, format) => {
    const source = fixture(path);
    const ontology = await createOntology(server, alice.token, { source, source_format: format });
    const turtle = await download(ontology.id, '?format=turtle');
    expect(turtle.status).toBe(200);
    const copy = await createOntology(server, alice.token, { source: turtle.text, source_format: 'turtle' });
    const rdfxml = await download(copy.id, '?format=rdfxml');
    expect(rdfxml.status).toBe(200);
    expect((await canonical('rdf', rdfxml.text)) === (await canonical(format, source))).toBe(true);
  });

  it('when YAML is asked for as Turtle then it answers 406 with what is available', async () => {
    const ontology = await createOntology(server, alice.token, { source: 'a: 1\n', source_format: 'yaml' });
    for (const [query, headers] of [['?format=turtle', {}], ['', { accept: 'text/turtle' }]] as const) {
      const response = await download(ontology.id, query, headers);
      expect(response.status).toBe(406);
      const body = JSON.parse(response.text);
      expect(body).toMatchObject({ error: 'not_acceptable', available: ['application/yaml'] });
      expect(body.message).toMatch(/yaml|application\/yaml/);
    }
  });

  it('when JSON-LD names a remote context then conversions are refused with 406, not fetched', async () => {
    const ontology = await createOntology(server, alice.token, { source: '{"@context": "https://schema.org/", "name": "x"}', source_format: 'json' });
    const response = await download(ontology.id, '?format=turtle');
    expect(response.status).toBe(406);
    expect(JSON.parse(response.text).message).toMatch(/remote/);
    expect((await download(ontology.id)).headers.get('content-type')).toBe('application/ld+json; charset=utf-8');
  });

  it('when an OWL/XML source is asked for as Turtle then it answers 406', async () => {
    const owlXml = '<?xml version="1.0"?>\n<Ontology xmlns="http://www.w3.org/2002/07/owl#" ontologyIRI="http://example.org/o"/>\n';
    const ontology = await createOntology(server, alice.token, { source: owlXml, source_format: 'owl' });
    expect((await download(ontology.id)).headers.get('content-type')).toBe('application/owl+xml; charset=utf-8');
    const response = await download(ontology.id, '?format=turtle');
    expect(response.status).toBe(406);
    expect(JSON.parse(response.text).available).toEqual(['application/owl+xml']);
  });
});

describe('bad download requests', () => {
  it('when the format is unknown or a parameter malformed then it answers 422', async () => {
    const ontology = await createOntology(server, alice.token);
    for (const query of ['?format=pdf', '?version=x', '?commit_id=1', `?version=1.0.0&commit_id=${MISSING}`]) {
      expect((await download(ontology.id, query)).status, query).toBe(422);
    }
  });

  it('when the commit, the version or the ontology is unknown or hidden then it answers 404', async () => {
    const ontology = await createOntology(server, alice.token, { visibility: 'private' });
    expect((await download(ontology.id, '?version=3.0.0')).status).toBe(404);
    expect((await download(ontology.id, `?commit_id=${MISSING}`)).status).toBe(404);
    expect((await download(ontology.id, '', {}, bob.token)).status).toBe(404);
    expect((await download(MISSING)).status).toBe(404);
    expect((await download('nope')).status).toBe(404);
  });
});

describe('conversions of large sources', () => {
  const limited = useTestServer({ users: ['carol'], env: { CONVERSION_MAX_BYTES: '2000' } });

  it('when a source is over CONVERSION_MAX_BYTES then a conversion is 406 naming the stored form, which still downloads', async () => {
    const token = limited.users.carol.token;
    const get = (id: string, query: string, headers: Record<string, string> = {}) =>
      fetch(`${limited.server.baseUrl}/api/v1/ontologies/${id}/source${query}`, { headers: { authorization: `Bearer ${token}`, ...headers } });
    const small = await createOntology(limited.server, token, { source: TURTLE, source_format: 'turtle' });
    expect(Buffer.byteLength(TURTLE)).toBeLessThanOrEqual(2000);
    expect((await get(small.id, '?format=ntriples')).status).toBe(200);

    const large = `${TURTLE}\n${Array.from({ length: 60 }, (_, i) => `<http://example.org/x${i}> <http://www.w3.org/2000/01/rdf-schema#label> "x ${i}" .`).join('\n')}\n`;
    const ontology = await createOntology(limited.server, token, { source: large, source_format: 'turtle' });
    for (const [query, headers] of [['?format=ntriples', {}], ['?format=rdfxml', {}], ['', { accept: 'application/n-triples' }]] as const) {
      const response = await get(ontology.id, query, headers);
      expect(response.status).toBe(406);
      const body = (await response.json()) as { error: string; message: string; available: string[] };
      expect(body).toMatchObject({ error: 'not_acceptable', available: ['text/turtle'] });
      expect(body.message).toContain('CONVERSION_MAX_BYTES');
    }
    const stored = await get(ontology.id, '');
    expect(stored.status).toBe(200);
    expect(await stored.text()).toBe(large);
  });
});
