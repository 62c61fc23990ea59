// terms_status (DESIGN 6.2): sources over the synchronous limit (lowered here to 300 bytes)
// get their terms after the commit's answer; the ontology says `indexing`, then `ready`, or
// `failed` when the terms cannot be read. Meanwhile every term read names the version it
// answers: the head's last ready version under its own name, a pending version a 409, over
// REST and the MCP terms tools. On both back ends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OntologyResponse } from '@oms/contracts';
import { testBackends } from '@oms/db/testing';
import { connectMcpAt, resultJson, resultText } from '@oms/testing';
import { createOntology, signUpUser, startTestServer, type SignedUpUser, type TestServer } from './support/test-server.js';

const SMALL = '@prefix owl: <http://www.w3.org/2002/07/owl#> .\n<http://example.org/Small> a owl:Class .\n';
const large = (label: string) =>
  `@prefix owl: <http://www.w3.org/2002/07/owl#> .\n@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .\n` +
  Array.from({ length: 20 }, (_, index) => `<http://example.org/C${index}> a owl:Class ; rdfs:label "${label} ${index}" .\n`).join('');
// JSON-LD whose context is remote: the terms cannot be read (never fetched).
const REMOTE = JSON.stringify({ '@context': 'https://example.org/context.jsonld', '@id': 'http://example.org/x', padding: 'x'.repeat(400) });

describe.each(testBackends())('terms_status on %s', (backend) => {
  let server: TestServer;
  let alice: SignedUpUser;
  const read = async (id: string) => OntologyResponse.parse((await server.request('GET', `/api/v1/ontologies/${id}`, { token: alice.token })).body);
  const settled = async (id: string) => {
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const ontology = await read(id);
      if (ontology.terms_status !== 'indexing') return ontology.terms_status;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return 'indexing';
  };
  const hits = async (q: string, id: string) =>
    (await server.request('GET', `/api/v1/terms?q=${encodeURIComponent(q)}&ontology_id=${id}`, { token: alice.token })).body.data.length;

  beforeAll(async () => {
    server = await startTestServer({ TERMS_SYNC_MAX_BYTES: '300' }, { backend });
    alice = await signUpUser(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('when a source is within the limit then its terms are ready when the answer returns', async () => {
    const created = await server.request('POST', '/api/v1/ontologies', { token: alice.token, json: { ontology: { title: 'small', source: SMALL, source_format: 'turtle' } } });
    expect(created.status).toBe(201);
    expect(created.body.terms_status).toBe('ready');
    expect(await hits('Small', created.body.id)).toBe(1);
  });

  it('when a source is over the limit then the answer says indexing and the terms follow in the background', async () => {
    const created = await server.request('POST', '/api/v1/ontologies', { token: alice.token, json: { ontology: { title: 'large', source: large('zebra'), source_format: 'turtle' } } });
    expect(created.status).toBe(201);
    expect(created.body.terms_status).toBe('indexing');
    expect(await settled(created.body.id)).toBe('ready');
    expect(await hits('zebra', created.body.id)).toBe(20);

    const patched = await server.request('PATCH', `/api/v1/ontologies/${created.body.id}`, { token: alice.token, json: { ontology: { source: large('okapi') } } });
    expect(patched.body.terms_status).toBe('indexing');
    expect(await settled(created.body.id)).toBe('ready');
    expect([await hits('okapi', created.body.id), await hits('zebra', created.body.id)]).toEqual([20, 0]);
    const commits = (await server.request('GET', `/api/v1/ontologies/${created.body.id}/commits`, { token: alice.token })).body.data;
    const changes = await server.request('GET', `/api/v1/ontologies/${created.body.id}/commits/${commits[0].id}/changes`, { token: alice.token });
    expect(changes.body.summary).toEqual({ added: 0, changed: 20, removed: 0, deprecated: 0 });
    // A pinned read shows the status of its commit.
    const pinned = await server.request('GET', `/api/v1/ontologies/${created.body.id}?commit_id=${commits[1].id}`, { token: alice.token });
    expect(pinned.body).toMatchObject({ at_commit: commits[1].id, terms_status: 'ready' });
    // A change of title only keeps the head's status.
    const renamed = await server.request('PATCH', `/api/v1/ontologies/${created.body.id}`, { token: alice.token, json: { ontology: { title: 'renamed' } } });
    expect(renamed.body.terms_status).toBe('ready');
  });

  it('when the terms of a source cannot be read then the status is failed, in line or in the background', async () => {
    const inline = await createOntology(server, alice.token, { title: 'remote small', source: JSON.stringify({ '@context': 'https://example.org/c.jsonld', '@id': 'x' }), source_format: 'json' });
    expect((await read(inline.id)).terms_status).toBe('failed');
    const created = await server.request('POST', '/api/v1/ontologies', { token: alice.token, json: { ontology: { title: 'remote', source: REMOTE, source_format: 'json' } } });
    expect(created.body.terms_status).toBe('indexing');
    expect(await settled(created.body.id)).toBe('failed');
  });
  it('when the head version is still being indexed then term reads answer the last ready version under its own name, and reads of the head version are 409, over REST and MCP', async () => {
    const TWO = `${SMALL}<http://example.org/Second> a owl:Class .\n`;
    const created = await createOntology(server, alice.token, { title: 'pending head', source: SMALL, source_format: 'turtle' });
    const patched = await server.request('PATCH', `/api/v1/ontologies/${created.id}`, { token: alice.token, json: { ontology: { source: TWO } } });
    expect(patched.body.terms_status).toBe('ready');
    const [head, first] = (await server.request('GET', `/api/v1/ontologies/${created.id}/commits`, { token: alice.token })).body.data;
    // The head's terms are not written yet (as while a large source is indexed in the background).
    await server.db.sql.query(`UPDATE "commits" SET "terms_indexed" = FALSE WHERE "id" = $1::uuid`, [head.id]);
    expect((await read(created.id)).terms_status).toBe('indexing');
    const get = (path: string) => server.request('GET', `/api/v1/ontologies/${created.id}${path}`, { token: alice.token });
    const small = encodeURIComponent('http://example.org/Small');

    const roots = await get('/terms');
    expect(roots.status).toBe(200);
    expect(roots.body.data.map((item: { iri: string; version: string; commit_id: string }) => [item.iri, item.version, item.commit_id])).toEqual([
      ['http://example.org/Small', first.version, first.id],
    ]);
    expect((await get(`/term?iri=${small}`)).body).toMatchObject({ version: first.version, commit_id: first.id });
    const refusal = { error: 'conflict', terms_status: 'indexing', version: head.version, commit_id: head.id, message: expect.stringContaining('are still being indexed') };
    for (const path of [`/terms?commit_id=${head.id}`, `/terms?commit_id=${head.version}`, `/term?iri=${small}&commit_id=${head.version}`, `/commits/${head.id}/changes`]) {
      const answer = await get(path);
      expect([path, answer.status, answer.body]).toEqual([path, 409, refusal]);
    }
    expect((await get(`/terms?commit_id=${first.id}`)).status).toBe(200);
    expect((await get(`/term/history?iri=${small}`)).body.data.map((change: { version: string }) => change.version)).toEqual([first.version]);
    // Search across heads leaves out an ontology whose head is not ready rather than naming the head for older terms.
    expect(await hits('Small', created.id)).toBe(0);

    const client = await connectMcpAt(`${server.baseUrl}/mcp?toolsets=terms`, alice.token, 'modern');
    try {
      const headTerm = await client.callTool({ name: 'read_term', arguments: { ontology_id: created.id, iri: 'http://example.org/Small' } });
      expect(resultJson(headTerm)).toMatchObject({ version: first.version, commit_id: first.id });
      for (const [name, args] of [
        ['read_term', { ontology_id: created.id, iri: 'http://example.org/Small', version: head.version }],
        ['list_term_children', { ontology_id: created.id, version: head.version }],
      ] as const) {
        const refused = await client.callTool({ name, arguments: args });
        expect([name, refused.isError]).toEqual([name, true]);
        expect(resultText(refused)).toMatch(/are still being indexed\. Retry in a while, or ask for the head or an earlier version/);
      }
    } finally {
      await client.close();
    }
  });
});
