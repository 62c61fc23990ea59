// GET /api/v1/ontologies/:id/diff against the real app: semantic RDF diffs of real ontologies,
// ORM model diffs, JSON Patch and text, and clear 4xx answers for bad parameters.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DiffResponse } from '@oms/contracts';
import { createOntology, FIXTURES, TURTLE } from './support/test-server.js';
import { useTestServer } from './support/use-test-server.js';

const fixture = (path: string) => readFileSync(new URL(`ontologies/${path}`, FIXTURES), 'utf8');
const FOAF = 'http://xmlns.com/foaf/0.1/';
const RDFS_LABEL = 'http://www.w3.org/2000/01/rdf-schema#label';
const MISSING = '01a20413-0000-7000-8000-000000000000';

const { server, users: { alice, bob } } = useTestServer({ users: { alice: { name: 'Alice' }, bob: { name: 'Bob' } } });

async function patchSource(id: string, source: string, sourceFormat?: string, token = alice.token) {
  const response = await server.request('PATCH', `/api/v1/ontologies/${id}`, {
    token,
    json: { ontology: { source, ...(sourceFormat ? { source_format: sourceFormat } : {}) }, change_summary: 'edit' },
  });
  expect(response.status, response.text.slice(0, 300)).toBe(200);
  return response.body;
}

async function diff(id: string, query = '', token = alice.token) {
  const response = await server.request('GET', `/api/v1/ontologies/${id}/diff${query}`, { token });
  expect(response.status, response.text.slice(0, 300)).toBe(200);
  return DiffResponse.parse(response.body);
}

describe('semantic RDF diffs', () => {
  it('when PROV-O in RDF/XML is replaced by PROV-O in Turtle then no triple changed', async () => {
    const ontology = await createOntology(server, alice.token, { title: 'PROV-O', source: fixture('owl/prov-o.owl'), source_format: 'owl' });
    await patchSource(ontology.id, fixture('turtle/prov-o.ttl'), 'turtle');
    const answer = await diff(ontology.id);
    expect(answer).toMatchObject({ kind: 'rdf', ontology_id: ontology.id, truncated: false, changes: [] });
    expect(answer.from).toMatchObject({ version: '1.0.0', source_format: 'owl' });
    expect(answer.to).toMatchObject({ version: '1.0.1', source_format: 'turtle' });
    if (answer.kind !== 'rdf') return;
    expect(answer.summary).toMatchObject({ triples_added: 0, triples_removed: 0, subjects_changed: 0 });
    expect(answer.summary.blank_nodes).toEqual({ from: 68, to: 68 });
  });

  it('when one FOAF class is removed and one label changed then exactly those triples differ', async () => {
    const original = fixture('turtle/foaf.ttl');
    const block = /foaf:OnlineChatAccount\n[\s\S]*?"unstable" \.\n\n/.exec(original)?.[0] ?? '';
    expect(block).not.toBe('');
    const edited = original.replace(block, '').replace('rdfs:label           "Image" ;', 'rdfs:label           "Picture" ;');
    const ontology = await createOntology(server, alice.token, { title: 'FOAF', source: original, source_format: 'turtle' });
    await patchSource(ontology.id, edited);
    const answer = await diff(ontology.id);
    if (answer.kind !== 'rdf') throw new Error(`kind ${answer.kind}`);
    expect(answer.summary).toMatchObject({ triples_added: 1, triples_removed: 8, subjects_changed: 2 });
    expect(answer.summary.classes).toEqual({ added: 0, removed: 1, changed: 1 });
    const chat = answer.changes.find((change) => change.subject.value === `${FOAF}OnlineChatAccount`);
    expect(chat).toMatchObject({ label: 'Online Chat Account', entity: 'class', added: [] });
    expect(chat?.removed.map((change) => change.predicate).sort()).toEqual(
      [
        'http://www.w3.org/1999/02/22-rdf-syntax-ns#type',
        'http://www.w3.org/1999/02/22-rdf-syntax-ns#type',
        'http://www.w3.org/2000/01/rdf-schema#comment',
        'http://www.w3.org/2000/01/rdf-schema#isDefinedBy',
        RDFS_LABEL,
        'http://www.w3.org/2000/01/rdf-schema#subClassOf',
        'http://www.w3.org/2003/06/sw-vocab-status/ns#term_status',
      ].sort(),
    );
    expect(answer.changes.find((change) => change.subject.value === `${FOAF}Image`)).toEqual({
      subject: { type: 'iri', value: `${FOAF}Image` },
      label: 'Picture',
      entity: 'class',
      added: [{ predicate: RDFS_LABEL, object: { type: 'literal', value: 'Picture' } }],
      removed: [{ predicate: RDFS_LABEL, object: { type: 'literal', value: 'Image' } }],
    });
  });

  it('when the blank-node heavy pizza ontology is replaced by its own Turtle conversion then nothing changed', async () => {
    const ontology = await createOntology(server, alice.token, { title: 'Pizza', source: fixture('owl/pizza.owl'), source_format: 'owl' });
    const turtle = await server.request('GET', `/api/v1/ontologies/${ontology.id}/source?format=turtle`, { token: alice.token });
    expect(turtle.status).toBe(200);
    expect(turtle.headers.get('content-type')).toBe('text/turtle; charset=utf-8');
    await patchSource(ontology.id, turtle.text, 'turtle');
    const answer = await diff(ontology.id);
    if (answer.kind !== 'rdf') throw new Error(`kind ${answer.kind}`);
    expect(answer.summary.blank_nodes.from).toBeGreaterThan(400);
    expect(answer.summary).toMatchObject({ triples_added: 0, triples_removed: 0 });
  });

  it('when a single-commit ontology is diffed then its first commit is compared with nothing', async () => {
    const ontology = await createOntology(server, alice.token, { source: fixture('rdf/sparql-service-description.rdf'), source_format: 'rdf' });
    const answer = await diff(ontology.id);
    expect(answer.from).toBeNull();
    expect(answer).toMatchObject({ kind: 'rdf', summary: { triples_added: 177, triples_removed: 0 } });
  });

  it('when the text diff is asked for with Accept: text/x-diff then the answer is a unified diff', async () => {
    const ontology = await createOntology(server, alice.token, { title: 'Pets & Co', source: TURTLE });
    await patchSource(ontology.id, `${TURTLE}<http://example.org/d> <http://example.org/e> "f" .\n`);
    const response = await server.request('GET', `/api/v1/ontologies/${ontology.id}/diff`, { token: alice.token, headers: { accept: 'text/x-diff' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/x-diff; charset=utf-8');
    expect(response.text).toContain('--- pets-co-1.0.0.ttl');
    expect(response.text).toContain('+++ pets-co-1.0.1.ttl');
    expect(response.text).toContain('+<http://example.org/d> <http://example.org/e> "f" .');
  });
});

describe('model, structural and text diffs', () => {
  it('when an ORM2 object type is renamed in the second version then the diff names it', async () => {
    const before = fixture('orm/PersonCountryDemo.orm');
    const after = before.replace('Name="Person" _ReferenceMode="id"', 'Name="Human" _ReferenceMode="id"');
    const ontology = await createOntology(server, alice.token, { title: 'People', source: before, source_format: 'orm' });
    await patchSource(ontology.id, after);
    const answer = await diff(ontology.id);
    if (answer.kind !== 'orm') throw new Error(`kind ${answer.kind}`);
    expect(answer.changes.object_types.renamed).toEqual([{ id: '_08FCB217-4D5A-4D6E-BB08-033359BFEF51', from: 'Person', to: 'Human' }]);
    expect(answer.summary.object_types).toEqual({ added: 0, removed: 0, renamed: 1, changed: 0 });
    expect(answer.summary.fact_types).toEqual({ added: 0, removed: 0, renamed: 0, changed: 0 });
    expect(answer.summary.constraints).toEqual({ added: 0, removed: 0, renamed: 0, changed: 0 });
  });

  it('when YAML changes then the diff is RFC 6902 JSON Patch', async () => {
    const ontology = await createOntology(server, alice.token, { source: 'name: pets\nclasses:\n  Cat: {}\n', source_format: 'yaml' });
    await patchSource(ontology.id, 'name: pets\nclasses:\n  Cat: {}\n  Dog: {is_a: Animal}\n');
    const answer = await diff(ontology.id);
    expect(answer).toMatchObject({ kind: 'json-patch', changes: [{ op: 'add', path: '/classes/Dog', value: { is_a: 'Animal' } }] });
  });

  it('when other text changes then the diff is a unified text diff in JSON', async () => {
    const ontology = await createOntology(server, alice.token, { source: 'a\nb\n', source_format: 'other' });
    await patchSource(ontology.id, 'a\nc\n');
    const answer = await diff(ontology.id);
    expect(answer).toMatchObject({ kind: 'text', summary: { lines_added: 1, lines_removed: 1, hunks: 1 } });
  });

  it('when from and to are versions or commit ids then those commits are compared, and equal ones have no changes', async () => {
    const ontology = await createOntology(server, alice.token, { source: 'v: 1\n', source_format: 'yaml' });
    await patchSource(ontology.id, 'v: 2\n');
    await patchSource(ontology.id, 'v: 3\n');
    const commits = await server.request('GET', `/api/v1/ontologies/${ontology.id}/commits`, { token: alice.token });
    const [third, , first] = commits.body.data;
    const answer = await diff(ontology.id, `?from=1.0.0&to=${third.id}`);
    expect(answer).toMatchObject({ kind: 'json-patch', from: { commit_id: first.id }, to: { version: '1.0.2' }, changes: [{ op: 'replace', path: '/v', value: 3 }] });
    expect(await diff(ontology.id, '?from=1.0.1&to=1.0.1')).toMatchObject({ changes: [], summary: { operations: 0 } });
    expect(await diff(ontology.id, '?to=1.0.1')).toMatchObject({ from: { version: '1.0.0' }, to: { version: '1.0.1' } });
    expect(await diff(ontology.id, '?from=1.0.0')).toMatchObject({ from: { version: '1.0.0' }, to: { version: '1.0.2' } });
  });
});

describe('bad diff requests', () => {
  it('when from is newer than to then it answers 422 on from', async () => {
    const ontology = await createOntology(server, alice.token);
    await patchSource(ontology.id, `${TURTLE}# 2\n`);
    const response = await server.request('GET', `/api/v1/ontologies/${ontology.id}/diff?from=1.0.1&to=1.0.0`, { token: alice.token });
    expect(response.status).toBe(422);
    expect(response.body.errors.from[0]).toMatch(/newer than to/);
  });

  it('when a version or commit is unknown, or belongs to another ontology, then it answers 404', async () => {
    const ontology = await createOntology(server, alice.token);
    const other = await createOntology(server, alice.token);
    const otherCommits = await server.request('GET', `/api/v1/ontologies/${other.id}/commits`, { token: alice.token });
    for (const query of ['?from=9.9.9', `?to=${MISSING}`, `?from=${otherCommits.body.data[0].id}`]) {
      const response = await server.request('GET', `/api/v1/ontologies/${ontology.id}/diff${query}`, { token: alice.token });
      expect(response.status, query).toBe(404);
      expect(response.body).toEqual({ error: 'not_found' });
    }
  });

  it('when from or to is neither a commit id nor a version, or limit is not a number, then it answers 422', async () => {
    const ontology = await createOntology(server, alice.token);
    for (const query of ['?from=head~1', '?to=1.2', '?limit=0', '?limit=many', '?from=1.0.0&from=1.0.0']) {
      const response = await server.request('GET', `/api/v1/ontologies/${ontology.id}/diff${query}`, { token: alice.token });
      expect(response.status, query).toBe(422);
    }
  });

  it('when the ontology is private to another account, missing or not a UUID then it answers 404', async () => {
    const hidden = await createOntology(server, alice.token, { visibility: 'private' });
    for (const id of [hidden.id, MISSING, 'not-a-uuid']) {
      const response = await server.request('GET', `/api/v1/ontologies/${id}/diff`, { token: bob.token });
      expect(response.status, id).toBe(404);
    }
    expect((await server.request('GET', `/api/v1/ontologies/${hidden.id}/diff`)).status).toBe(401);
  });

  it('when Accept names nothing a diff can be given as then it answers 406 with what is available', async () => {
    const ontology = await createOntology(server, alice.token);
    const response = await server.request('GET', `/api/v1/ontologies/${ontology.id}/diff`, { token: alice.token, headers: { accept: 'image/png' } });
    expect(response.status).toBe(406);
    expect(response.body).toMatchObject({ error: 'not_acceptable', available: ['application/json', 'text/x-diff', 'text/plain'] });
  });
});
