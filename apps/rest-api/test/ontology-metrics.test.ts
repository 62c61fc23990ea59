// Metrics computed with each commit: triple counts of every RDF fixture as rdflib counts them,
// shown on single answers (ontology head, commit) and never on lists.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createOntology, FIXTURES, TURTLE } from './support/test-server.js';
import { useTestServer } from './support/use-test-server.js';

const fixture = (path: string) => readFileSync(new URL(`ontologies/${path}`, FIXTURES), 'utf8');

const COUNTS = [
  ['owl/pizza.owl', 'owl', 1944],
  ['owl/wine.owl', 'owl', 1839],
  ['owl/prov-o.owl', 'owl', 1146],
  ['owl/schemaorg-30.0.owl', 'owl', 36054],
  ['turtle/prov-o.ttl', 'turtle', 1146],
  ['turtle/dcat3.ttl', 'turtle', 1695],
  ['turtle/foaf.ttl', 'turtle', 631],
  ['turtle/schemaorg-current-https.ttl', 'turtle', 17949],
  ['turtle/VOCAB_QUDT-UNITS-ALL.ttl', 'turtle', 60475],
  ['rdf/dcterms.rdf', 'rdf', 857],
  ['rdf/foaf.rdf', 'rdf', 631],
  ['rdf/sparql-service-description.rdf', 'rdf', 177],
] as const;

const { server, users: { alice } } = useTestServer({ users: ['alice'] });

describe('metrics per commit', () => {
  it.each(COUNTS)('when %s is created as %s then its metrics count %i triples', async (path, format, triples) => {
    const source = fixture(path);
    const created = await createOntology(server, alice.token, { title: path, source, source_format: format, visibility: 'private' });
    expect(created.metrics).toMatchObject({ bytes: Buffer.byteLength(source), rdf: { triples } });
    const read = await server.request('GET', `/api/v1/ontologies/${created.id}`, { token: alice.token });
    expect(read.body.metrics).toEqual(created.metrics);
  });

  it('when the source changes then the new commit has its own metrics and the old one keeps its own', async () => {
    const created = await createOntology(server, alice.token, { source: TURTLE });
    const patched = await server.request('PATCH', `/api/v1/ontologies/${created.id}`, {
      token: alice.token,
      json: { ontology: { source: fixture('rdf/foaf.rdf'), source_format: 'rdf' } },
    });
    expect(patched.body.metrics).toMatchObject({ rdf: { triples: 631, classes: 15, object_properties: 33, datatype_properties: 27 } });
    const titleOnly = await server.request('PATCH', `/api/v1/ontologies/${created.id}`, { token: alice.token, json: { ontology: { title: 'Renamed' } } });
    expect(titleOnly.body.metrics).toEqual(patched.body.metrics);
    const commits = await server.request('GET', `/api/v1/ontologies/${created.id}/commits`, { token: alice.token });
    const [head, first] = commits.body.data;
    const headCommit = await server.request('GET', `/api/v1/ontologies/${created.id}/commits/${head.id}`, { token: alice.token });
    const firstCommit = await server.request('GET', `/api/v1/ontologies/${created.id}/commits/${first.id}`, { token: alice.token });
    expect(headCommit.body.metrics).toEqual(patched.body.metrics);
    expect(firstCommit.body.metrics).toEqual({
      bytes: TURTLE.length,
      lines: 2,
      rdf: { triples: 1, classes: 0, object_properties: 0, datatype_properties: 0, annotation_properties: 0, other_properties: 0, individuals: 0, imports: [] },
    });
  });

  it('when YAML, ORM and other sources are created then their own kind of metrics is kept', async () => {
    const yaml = await createOntology(server, alice.token, { source: fixture('yaml/biolink-model.yaml'), source_format: 'yaml' });
    expect(yaml.metrics.structure.linkml).toMatchObject({ classes: 335 });
    const orm = await createOntology(server, alice.token, { source: fixture('orm/PersonCountryDemo.orm'), source_format: 'orm' });
    expect(orm.metrics.orm).toMatchObject({ entity_types: 3, fact_types: 8 });
    const other = await createOntology(server, alice.token, { source: 'x', source_format: 'other' });
    expect(other.metrics).toEqual({ bytes: 1, lines: 1 });
  });

  it('when ontologies and commits are listed then no item carries metrics', async () => {
    const created = await createOntology(server, alice.token);
    const list = await server.request('GET', '/api/v1/ontologies?per_page=100', { token: alice.token });
    expect(list.body.data.length).toBeGreaterThan(0);
    for (const item of list.body.data) expect(item).not.toHaveProperty('metrics');
    const commits = await server.request('GET', `/api/v1/ontologies/${created.id}/commits`, { token: alice.token });
    expect(commits.body.data[0]).not.toHaveProperty('metrics');
  });

  it('when a commit was made before metrics existed then its metrics are null', async () => {
    const created = await createOntology(server, alice.token);
    await server.db.sql.query(`UPDATE "commits" SET "metrics" = NULL WHERE "ontology_id" = $1::uuid`, [created.id]);
    const read = await server.request('GET', `/api/v1/ontologies/${created.id}`, { token: alice.token });
    expect(read.status).toBe(200);
    expect(read.body.metrics).toBeNull();
  });
});
