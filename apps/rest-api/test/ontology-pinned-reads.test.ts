// Reads pinned to a commit (GET /ontologies/:id?version|commit_id) and commits by version.
import { beforeAll, describe, expect, it } from 'vitest';
import { CommitListResponse, OntologyResponse } from '@oms/contracts';
import { createOntology, TURTLE } from './support/test-server.js';
import { useTestServer } from './support/use-test-server.js';

const TURTLE_2 = `${TURTLE}<http://example.org/d> <http://example.org/e> <http://example.org/f> .\n`;
const MISSING = '01a20413-0000-7000-8000-000000000000';

const { server, users: { alice, bob } } = useTestServer({ users: ['alice', 'bob'] });
let ontology: { id: string; head_hash: string };
let firstCommit: { id: string; commit_hash: string };
let headHash: string;
beforeAll(async () => {
  ontology = await createOntology(server, alice.token, { title: 'Pinned', source: TURTLE, version: '1.2.0', visibility: 'private' });
  const commits = await server.request('GET', `/api/v1/ontologies/${ontology.id}/commits`, { token: alice.token });
  firstCommit = commits.body.data[0];
  const patched = await server.request('PATCH', `/api/v1/ontologies/${ontology.id}`, {
    token: alice.token,
    json: { ontology: { source: TURTLE_2, title: 'Pinned, renamed' }, version_bump: 'minor' },
  });
  headHash = patched.body.head_hash;
});

describe('GET /api/v1/ontologies/:id pinned to a commit', () => {
  it('when ?version names an older commit then the answer is the ontology as it was then, with at_commit', async () => {
    const response = await server.request('GET', `/api/v1/ontologies/${ontology.id}?version=1.2.0`, { token: alice.token });
    expect(response.status).toBe(200);
    const pinned = OntologyResponse.parse(response.body);
    expect(pinned).toMatchObject({ source: TURTLE, source_format: 'turtle', version: '1.2.0', head_hash: headHash, at_commit: firstCommit.id, title: 'Pinned, renamed' });
    expect(pinned.metrics).toMatchObject({ bytes: TURTLE.length, lines: 2, rdf: { triples: 1 } });
    expect(response.headers.get('etag')).toBe(`"${firstCommit.commit_hash}"`);
  });

  it('when ?commit_id names a commit then the answer is the same as by its version', async () => {
    const byVersion = await server.request('GET', `/api/v1/ontologies/${ontology.id}?version=1.2.0`, { token: alice.token });
    const byId = await server.request('GET', `/api/v1/ontologies/${ontology.id}?commit_id=${firstCommit.id.toUpperCase()}`, { token: alice.token });
    expect(byId.status).toBe(200);
    expect(byId.body).toEqual(byVersion.body);
  });

  it('when no parameter is given then the head is answered without at_commit but with its metrics', async () => {
    const response = await server.request('GET', `/api/v1/ontologies/${ontology.id}`, { token: alice.token });
    expect(response.body).toMatchObject({ source: TURTLE_2, version: '1.3.0', head_hash: headHash, metrics: { rdf: { triples: 2 } } });
    expect(response.body).not.toHaveProperty('at_commit');
    const pinnedHead = await server.request('GET', `/api/v1/ontologies/${ontology.id}?version=1.3.0`, { token: alice.token });
    expect(pinnedHead.body).toEqual({ ...response.body, at_commit: expect.any(String) });
  });

  it('when the version or commit is unknown, or a commit of another ontology, then it answers 404', async () => {
    const other = await createOntology(server, alice.token);
    const otherCommit = (await server.request('GET', `/api/v1/ontologies/${other.id}/commits`, { token: alice.token })).body.data[0];
    for (const query of ['?version=9.9.9', `?commit_id=${MISSING}`, `?commit_id=${otherCommit.id}`]) {
      const response = await server.request('GET', `/api/v1/ontologies/${ontology.id}${query}`, { token: alice.token });
      expect(response.status, query).toBe(404);
      expect(response.body).toEqual({ error: 'not_found' });
    }
  });

  it('when the parameters are malformed or both given then it answers 422', async () => {
    for (const [query, field] of [['?version=1.2', 'version'], ['?commit_id=abc', 'commit_id'], [`?version=1.2.0&commit_id=${firstCommit.id}`, 'commit_id']] as const) {
      const response = await server.request('GET', `/api/v1/ontologies/${ontology.id}${query}`, { token: alice.token });
      expect(response.status, query).toBe(422);
      expect(response.body.errors).toHaveProperty(field);
    }
  });

  it('when the ontology is private to another account then a pinned read is 404 too', async () => {
    const response = await server.request('GET', `/api/v1/ontologies/${ontology.id}?version=1.2.0`, { token: bob.token });
    expect(response.status).toBe(404);
  });
});

describe('GET /api/v1/ontologies/:id/commits?version=', () => {
  it('when a version is given then the envelope holds the commit of that version only', async () => {
    const response = await server.request('GET', `/api/v1/ontologies/${ontology.id}/commits?version=1.2.0`, { token: alice.token });
    expect(response.status).toBe(200);
    const page = CommitListResponse.parse(response.body);
    expect(page.pagination).toEqual({ page: 1, per_page: 25, total: 1, total_pages: 1 });
    expect(page.data.map((commit) => commit.id)).toEqual([firstCommit.id]);
    expect(response.body.data[0]).not.toHaveProperty('source');
    expect(response.body.data[0]).not.toHaveProperty('metrics');
  });

  it('when no commit has the version then the envelope is empty, and a malformed version is 422', async () => {
    const none = await server.request('GET', `/api/v1/ontologies/${ontology.id}/commits?version=2.0.0`, { token: alice.token });
    expect(none.body).toEqual({ pagination: { page: 1, per_page: 25, total: 0, total_pages: 0 }, data: [] });
    const bad = await server.request('GET', `/api/v1/ontologies/${ontology.id}/commits?version=latest`, { token: alice.token });
    expect(bad.status).toBe(422);
  });
});
