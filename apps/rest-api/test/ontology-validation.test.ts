// Every validation rule of ontology writes answers 422 naming its field; oversized bodies 413.
import { describe, expect, it } from 'vitest';
import { createOntology, TURTLE } from './support/test-server.js';
import { useTestServer } from './support/use-test-server.js';

const { server, users: { user } } = useTestServer({ users: ['user'] });

const valid = { title: 'T', source: TURTLE, source_format: 'turtle' };

describe('ontology create validation', () => {
  it.each([
    ['a blank title', { title: '' }, 'title'],
    ['a whitespace-only title', { title: ' \t\n' }, 'title'],
    ['a 256-character title', { title: 'x'.repeat(256) }, 'title'],
    ['a 10,001-character description', { description: 'd'.repeat(10_001) }, 'description'],
    ['an unknown source_format', { source_format: 'pdf' }, 'source_format'],
    ['a missing source', { source: undefined }, 'source'],
    ['a numeric source', { source: 42 }, 'source'],
    ['a null title', { title: null }, 'title'],
    ['a version that is not MAJOR.MINOR.PATCH', { version: '1.0' }, 'version'],
    ['a version with a pre-release', { version: '1.0.0-beta' }, 'version'],
    ['an unknown visibility', { visibility: 'secret' }, 'visibility'],
    ['a parent_id that is not a UUID', { parent_id: 'abc' }, 'parent_id'],
    ['a parent that does not exist', { parent_id: '01a20413-0000-7000-8000-000000000000' }, 'parent_id'],
    ['an unknown field', { owner: 'me' }, 'owner'],
    ['a source with a NUL character', { source_format: 'other', source: 'a\u0000b' }, 'source'],
    ['a huge number as title', { title: 1e308 }, 'title'],
    ['an array as title', { title: ['a'] }, 'title'],
  ])('when the ontology has %s then it answers 422', async (_label, fields, field) => {
    const response = await server.request('POST', '/api/v1/ontologies', { token: user.token, json: { ontology: { ...valid, ...fields } } });
    expect(response.status).toBe(422);
    expect(response.body.errors[field]?.length).toBeGreaterThan(0);
  });

  it('when the source does not parse then errors.source names line and column', async () => {
    const response = await server.request('POST', '/api/v1/ontologies', {
      token: user.token,
      json: { ontology: { ...valid, source: '@prefix ex: <http://example.org/> .\nex:a ex:b "unterminated .\n' } },
    });
    expect(response.status).toBe(422);
    expect(response.body.errors.source[0]).toMatch(/^line \d+/);
  });

  it('when the source is over 10 MB but the body under the limit then it answers 422 on source', async () => {
    const source = 'x'.repeat(10 * 1024 * 1024 + 1);
    const response = await server.request('POST', '/api/v1/ontologies', { token: user.token, json: { ontology: { ...valid, source_format: 'other', source } } });
    expect(response.status).toBe(422);
    expect(response.body.errors.source[0]).toMatch(/too large/);
  });

  it('when the body is over the limit then it answers 413 before parsing', async () => {
    const source = 'x'.repeat(17 * 1024 * 1024);
    const response = await server.request('POST', '/api/v1/ontologies', { token: user.token, json: { ontology: { ...valid, source_format: 'other', source } } });
    expect(response.status).toBe(413);
  });

  it('when change_summary is blank or the wrapper is missing then it answers 422', async () => {
    const blank = await server.request('POST', '/api/v1/ontologies', { token: user.token, json: { ontology: valid, change_summary: '' } });
    expect(blank.body.errors).toHaveProperty('change_summary');
    const bare = await server.request('POST', '/api/v1/ontologies', { token: user.token, json: valid });
    expect(bare.status).toBe(422);
    expect(bare.body.errors).toHaveProperty('ontology');
  });
});

describe('ontology update validation', () => {
  it.each([
    ['an unknown version_bump', { ontology: {}, version_bump: 'huge' }, 'version_bump'],
    ['a blank title', { ontology: { title: '' } }, 'title'],
    ['a version (REST bumps instead)', { ontology: { version: '9.9.9' } }, 'version'],
    ['an invalid source', { ontology: { source: '@prefix broken' } }, 'source'],
    ['a missing ontology object', { title: 'x' }, 'ontology'],
  ])('when the patch has %s then it answers 422 and nothing changes', async (_label, json, field) => {
    const ontology = await createOntology(server, user.token);
    const response = await server.request('PATCH', `/api/v1/ontologies/${ontology.id}`, { token: user.token, json });
    expect(response.status).toBe(422);
    expect(response.body.errors).toHaveProperty(field);
    const after = await server.request('GET', `/api/v1/ontologies/${ontology.id}`, { token: user.token });
    expect(after.body).toEqual(ontology);
  });
});
