// Terms over REST (DESIGN 6.2): the ranking of /terms, privacy, pinned reads, history and a
// commit's changes, and 422s, on both back ends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommitChangesResponse, OntologyTermsResponse, TermHistoryResponse, TermResponse, TermSearchResponse } from '@oms/contracts';
import { testBackends } from '@oms/db/testing';
import { createOntology, signUpUser, startTestServer, type SignedUpUser, type TestServer } from './support/test-server.js';

const PREFIXES = `@prefix owl: <http://www.w3.org/2002/07/owl#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
@prefix obo: <http://purl.obolibrary.org/obo/> .
@prefix ex: <http://example.org/heart#> .
`;
// One term per kind of match for q = "heart".
const V1 = `${PREFIXES}
ex:Organ a owl:Class ; rdfs:label "organ" .
obo:HP_0000001 a owl:Class ; rdfs:label "Heart" ; rdfs:subClassOf ex:Organ ; obo:IAO_0000115 "The organ that pumps blood." .
ex:Cardiac a owl:Class ; rdfs:label "cardiac organ" ; skos:altLabel "HEÁRT" ; rdfs:subClassOf obo:HP_0000001 .
ex:HeartValve a owl:Class ; rdfs:label "Heart valve" ; rdfs:subClassOf obo:HP_0000001 .
ex:Chamber a owl:Class ; rdfs:label "chamber" ; skos:altLabel "heart chamber" ; rdfs:subClassOf obo:HP_0000001 .
ex:Failure a owl:Class ; rdfs:label "congestive heart failure" .
ex:Pump a owl:Class ; rdfs:label "pump" ; obo:IAO_0000115 "Moves blood like a heart does." .
ex:Old a owl:Class ; rdfs:label "heart" ; owl:deprecated true .
`;
// v2: the valve is renamed, the pump removed, a vessel added.
const V2 = V1.replace('"Heart valve"', '"Cardiac valve"').replace(/ex:Pump .*\n/, '').replace('ex:Organ a owl:Class ; rdfs:label "organ" .', 'ex:Organ a owl:Class ; rdfs:label "organ" .\nex:Vessel a owl:Class ; rdfs:label "vessel" .');
// v3: the chamber becomes deprecated.
const V3 = V2.replace('skos:altLabel "heart chamber" ;', 'skos:altLabel "heart chamber" ; owl:deprecated true ;');

const HEART = 'http://purl.obolibrary.org/obo/HP_0000001';
const VALVE = 'http://example.org/heart#HeartValve';

describe.each(testBackends())('terms on %s', (backend) => {
  let server: TestServer;
  let alice: SignedUpUser;
  let bob: SignedUpUser;
  let pub: { id: string };
  let secret: { id: string };
  let commits: { id: string; version: string }[];
  const get = (path: string, user: SignedUpUser = alice) => server.request('GET', `/api/v1${path}`, { token: user.token });

  beforeAll(async () => {
    server = await startTestServer({}, { backend });
    [alice, bob] = await Promise.all([signUpUser(server), signUpUser(server)]);
    pub = await createOntology(server, alice.token, { title: 'Hearts', source: V1, source_format: 'turtle' });
    for (const source of [V2, V3]) {
      const patched = await server.request('PATCH', `/api/v1/ontologies/${pub.id}`, { token: alice.token, json: { ontology: { source } } });
      expect(patched.status).toBe(200);
    }
    commits = (await get(`/ontologies/${pub.id}/commits`)).body.data.reverse();
    secret = await createOntology(server, alice.token, { title: 'Secret', source: `${PREFIXES}ex:Hidden a owl:Class ; rdfs:label "hidden heart" .\n`, source_format: 'turtle', visibility: 'private' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('when terms are searched then hits come in the order of match, ties by deprecation and label length', async () => {
    const response = await get(`/terms?q=heart&ontology_id=${pub.id}&include_deprecated=true`);
    expect(response.status).toBe(200);
    const page = TermSearchResponse.parse(response.body);
    expect(page.data.map((hit) => [hit.label, hit.match])).toEqual([
      ['Heart', 'label'],
      ['heart', 'label'],
      ['cardiac organ', 'synonym'],
      ['chamber', 'synonym_prefix'],
      ['congestive heart failure', 'words'],
    ]);
    expect(page.pagination).toMatchObject({ total: 5 });
    expect(page.data[0]).toMatchObject({ iri: HEART, curie: 'HP:0000001', ontology_id: pub.id, ontology_title: 'Hearts', version: commits[2]?.version, commit_id: commits[2]?.id });
    expect(page.data[0]?.url).toMatch(new RegExp(`^https?://[^/]+/api/v1/ontologies/${pub.id}/term\\?iri=${encodeURIComponent(HEART)}$`));
  });

  it('when q is a CURIE, a prefix or words of a definition then match says so', async () => {
    expect((await get(`/terms?q=hp:0000001`)).body.data[0]).toMatchObject({ iri: HEART, match: 'id' });
    expect((await get(`/terms?q=HeartValve`)).body.data).toEqual([expect.objectContaining({ iri: VALVE, match: 'id' })]);
    const prefix = await get(`/terms?q=cardi&ontology_id=${pub.id}`);
    // Equal lengths: then the label in code-point order (upper case first).
    expect(prefix.body.data.map((hit: { label: string; match: string }) => [hit.label, hit.match])).toEqual([
      ['Cardiac valve', 'label_prefix'],
      ['cardiac organ', 'label_prefix'],
    ]);
    const definition = await get(`/terms?q=${encodeURIComponent('pumps BLOOD')}&ontology_id=${pub.id}`);
    expect(definition.body.data).toEqual([expect.objectContaining({ iri: HEART, match: 'definition' })]);
    const exact = await get(`/terms?q=heart&exact=true&ontology_id=${pub.id}`);
    expect(exact.body.data.map((hit: { match: string }) => hit.match)).toEqual(['label', 'synonym']);
  });

  it('when a stranger searches or reads a private ontology then it is invisible, 404 like a missing one', async () => {
    expect((await get(`/terms?q=hidden`)).body.data.map((hit: { ontology_id: string }) => hit.ontology_id)).toEqual([secret.id]);
    expect((await get(`/terms?q=hidden`, bob)).body.data).toEqual([]);
    expect((await get(`/terms?q=hidden&ontology_id=${secret.id}`, bob)).body.data).toEqual([]);
    const hidden = await get(`/ontologies/${secret.id}/terms`, bob);
    const missing = await get(`/ontologies/01a20413-0000-7000-8000-000000000000/terms`, bob);
    expect([hidden.status, missing.status]).toEqual([404, 404]);
    expect(hidden.body).toEqual(missing.body);
    expect((await get(`/ontologies/${secret.id}/term?iri=${encodeURIComponent('http://example.org/heart#Hidden')}`, bob)).status).toBe(404);
    expect((await get(`/ontologies/${secret.id}/term/history?iri=${encodeURIComponent('http://example.org/heart#Hidden')}`, bob)).status).toBe(404);
    // Every term endpoint answers a hidden ontology exactly as a missing one.
    const secretCommit = (await get(`/ontologies/${secret.id}/commits`)).body.data[0].id;
    const missingId = '01a20413-0000-7000-8000-000000000000';
    for (const path of [
      (id: string) => `/ontologies/${id}/term?iri=${encodeURIComponent('http://example.org/heart#Hidden')}`,
      (id: string) => `/ontologies/${id}/term/history?iri=${encodeURIComponent('http://example.org/heart#Hidden')}`,
      (id: string) => `/ontologies/${id}/commits/${secretCommit}/changes`,
      (id: string) => `/ontologies/${id}/terms?q=hidden`,
    ]) {
      const [seen, absent] = [await get(path(secret.id), bob), await get(path(missingId), bob)];
      expect([seen.status, absent.status], path(secret.id)).toEqual([404, 404]);
      expect(seen.body, path(secret.id)).toEqual(absent.body);
    }
  });

  it('when a version is pinned by commit id or by version then browsing and search inside it see that version', async () => {
    for (const ref of [commits[0]?.id, commits[0]?.version]) {
      // q is the local name of ex:Pump, so the match is `id`.
      const page = OntologyTermsResponse.parse((await get(`/ontologies/${pub.id}/terms?q=pump&commit_id=${ref}`)).body);
      expect(page.data.map((term) => [term.label, term.match, term.version])).toEqual([['pump', 'id', commits[0]?.version]]);
    }
    expect((await get(`/ontologies/${pub.id}/terms?q=pump`)).body.data).toEqual([]);
    expect((await get(`/ontologies/${pub.id}/terms?commit_id=9.9.9`)).status).toBe(404);
    expect((await get(`/ontologies/${pub.id}/term?iri=${encodeURIComponent(VALVE)}&commit_id=01a20413-0000-7000-8000-000000000000`)).status).toBe(404);
    expect((await get(`/ontologies/${pub.id}/commits/01a20413-0000-7000-8000-000000000000/changes`)).status).toBe(404);
  });

  it('when a version is browsed then roots come first and a parent lists its children with counts', async () => {
    const roots = OntologyTermsResponse.parse((await get(`/ontologies/${pub.id}/terms`)).body);
    expect(roots.data.map((term) => term.label)).toEqual(['congestive heart failure', 'organ', 'vessel']);
    expect(roots.data.find((term) => term.label === 'organ')?.children_count).toBe(1);
    const children = await get(`/ontologies/${pub.id}/terms?parent=HP:0000001&include_deprecated=true`);
    expect(children.body.data.map((term: { label: string }) => term.label)).toEqual(['cardiac organ', 'Cardiac valve', 'chamber']);
    expect(children.body.pagination).toMatchObject({ total: 3 });
    const second = await get(`/ontologies/${pub.id}/terms?parent=HP:0000001&include_deprecated=true&per_page=2&page=2`);
    expect([second.body.data.map((term: { label: string }) => term.label), second.body.pagination.total]).toEqual([['chamber'], 3]);
    const past = await get(`/ontologies/${pub.id}/terms?parent=HP:0000001&include_deprecated=true&per_page=2&page=3`);
    expect([past.body.data, past.body.pagination.total]).toEqual([[], 3]);
    expect((await get(`/ontologies/${pub.id}/terms?parent=${encodeURIComponent('http://example.org/nothing')}`)).status).toBe(404);
    // Without deprecated terms, the head hides the chamber (deprecated in v3); v1 had the valve's old label and a live chamber.
    const live = await get(`/ontologies/${pub.id}/terms?parent=HP:0000001`);
    expect([live.body.data.map((term: { label: string }) => term.label), live.body.pagination.total]).toEqual([['cardiac organ', 'Cardiac valve'], 2]);
    // A short page takes its total from the maintained children counts: not deprecated by default, all with include_deprecated, per version.
    const counted = async (query: string) => (await get(`/ontologies/${pub.id}/terms?parent=HP:0000001&per_page=1&${query}`)).body.pagination.total;
    expect([await counted(''), await counted('include_deprecated=true'), await counted(`commit_id=${commits[0]?.id}`), await counted(`kind=class`)]).toEqual([2, 3, 3, 2]);
    const first = await get(`/ontologies/${pub.id}/terms?parent=HP:0000001&commit_id=${commits[0]?.id}`);
    expect([first.body.data.map((term: { label: string }) => term.label), first.body.pagination.total]).toEqual([['cardiac organ', 'chamber', 'Heart valve'], 3]);
    const firstPage = await get(`/ontologies/${pub.id}/terms?parent=HP:0000001&commit_id=${commits[0]?.id}&per_page=1&page=3`);
    expect([firstPage.body.data.map((term: { label: string }) => term.label), firstPage.body.pagination.total]).toEqual([['Heart valve'], 3]);
    // q with parent: the children that match, in the ranking; the parent's edge is of the state in the version.
    const cardiac = await get(`/ontologies/${pub.id}/terms?parent=HP:0000001&q=cardiac&include_deprecated=true`);
    expect([cardiac.body.data.map((term: { label: string }) => term.label), cardiac.body.pagination.total]).toEqual([['cardiac organ', 'Cardiac valve'], 2]);
    const valveThen = await get(`/ontologies/${pub.id}/terms?parent=HP:0000001&q=valve&commit_id=${commits[0]?.id}`);
    expect(valveThen.body.data.map((term: { label: string }) => term.label)).toEqual(['Heart valve']);
    const notChildren = await get(`/ontologies/${pub.id}/terms?parent=HP:0000001&q=vessel&include_deprecated=true`);
    expect([notChildren.body.data, notChildren.body.pagination.total]).toEqual([[], 0]);
  });

  it('when a term is read at an older version then it is as it was then, with parents and ancestors', async () => {
    const old = TermResponse.parse((await get(`/ontologies/${pub.id}/term?iri=${encodeURIComponent(VALVE)}&commit_id=${commits[0]?.version}`)).body);
    expect(old).toMatchObject({ label: 'Heart valve', version: commits[0]?.version, commit_id: commits[0]?.id });
    expect(old.parents).toEqual([{ iri: HEART, curie: 'HP:0000001', label: 'Heart' }]);
    expect(old.ancestors.map((ancestor) => ancestor.label)).toEqual(['Heart', 'organ']);
    expect((await get(`/ontologies/${pub.id}/term?iri=${encodeURIComponent(VALVE)}`)).body.label).toBe('Cardiac valve');
    expect((await get(`/ontologies/${pub.id}/term?iri=${encodeURIComponent('http://example.org/heart#Pump')}`)).status).toBe(404);
    expect((await get(`/ontologies/${pub.id}/term?iri=${encodeURIComponent('http://example.org/heart#Pump')}&commit_id=${commits[0]?.id}`)).status).toBe(200);
  });

  it('when a term changed across three commits then its history and each commit’s changes say how', async () => {
    const history = TermHistoryResponse.parse((await get(`/ontologies/${pub.id}/term/history?iri=${encodeURIComponent(VALVE)}`)).body);
    expect(history.data.map((change) => [change.version, change.change, change.fields])).toEqual([
      [commits[1]?.version, 'changed', ['label']],
      [commits[0]?.version, 'added', []],
    ]);
    expect(history.data[0]).toMatchObject({ before: { label: 'Heart valve' }, after: { label: 'Cardiac valve' } });
    const first = CommitChangesResponse.parse((await get(`/ontologies/${pub.id}/commits/${commits[0]?.id}/changes`)).body);
    expect(first.summary).toEqual({ added: 8, changed: 0, removed: 0, deprecated: 0 });
    const second = CommitChangesResponse.parse((await get(`/ontologies/${pub.id}/commits/${commits[1]?.id}/changes`)).body);
    expect(second.summary).toEqual({ added: 1, changed: 1, removed: 1, deprecated: 0 });
    expect(second.data.map((change) => [change.iri, change.change])).toEqual([
      ['http://example.org/heart#HeartValve', 'changed'],
      ['http://example.org/heart#Pump', 'removed'],
      ['http://example.org/heart#Vessel', 'added'],
    ]);
    const third = CommitChangesResponse.parse((await get(`/ontologies/${pub.id}/commits/${commits[2]?.id}/changes`)).body);
    expect(third.summary).toEqual({ added: 0, changed: 1, removed: 0, deprecated: 1 });
    expect((await get(`/ontologies/${pub.id}/term/history?iri=${encodeURIComponent('http://example.org/never')}`)).status).toBe(404);
  });

  it('when q, per_page, kind or iri are bad then the answer is 422 on that field', async () => {
    const cases: [string, string][] = [
      ['/terms?q=%20%20', 'q'],
      [`/terms?q=${'x'.repeat(201)}`, 'q'],
      ['/terms', 'q'],
      ['/terms?q=heart&per_page=0', 'per_page'],
      ['/terms?q=heart&per_page=101', 'per_page'],
      ['/terms?q=heart&kind=class,planet', 'kind'],
      [`/terms?q=heart&ontology_id=${Array.from({ length: 51 }, () => pub.id).join(',')}`, 'ontology_id'],
      [`/ontologies/${pub.id}/terms?kind=planet`, 'kind'],
      [`/ontologies/${pub.id}/term`, 'iri'],
    ];
    for (const [path, field] of cases) {
      const response = await get(path);
      expect(response.status, path).toBe(422);
      expect(Object.keys(response.body.errors), path).toContain(field);
    }
    expect((await server.request('GET', '/api/v1/terms?q=heart')).status).toBe(401);
  });
});
