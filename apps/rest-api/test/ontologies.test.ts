import { describe, expect, it } from 'vitest';
import { CommitListResponse, CommitResponse, OntologyListResponse, OntologyResponse } from '@oms/contracts';
import { createOntology, signUpUser, TURTLE } from './support/test-server.js';
import { useTestServer } from './support/use-test-server.js';

const { server, users: { alice, bob } } = useTestServer({ users: { alice: { name: 'Alice' }, bob: { name: 'Bob' } } });

const MISSING = '01a20413-0000-7000-8000-000000000000';
const TURTLE_2 = TURTLE + 'ex:d ex:e ex:f .\n';

describe('POST /api/v1/ontologies', () => {
  it('when the body is valid then it answers 201 with every SPEC field, an ETag and a Location', async () => {
    const response = await server.request('POST', '/api/v1/ontologies', {
      token: alice.token,
      json: { ontology: { title: 'Pets', description: 'Cats and dogs', visibility: 'private', source: TURTLE, source_format: 'turtle', version: '2.1.0' } },
    });
    expect(response.status).toBe(201);
    const ontology = OntologyResponse.parse(response.body);
    const personal = (await server.request('GET', '/api/v1/accounts', { token: alice.token })).body[0];
    expect(ontology).toMatchObject({ title: 'Pets', description: 'Cats and dogs', visibility: 'private', source: TURTLE, version: '2.1.0', parent_id: null, account_id: personal.id });
    expect(ontology.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
    expect(ontology.url).toBe(`http://localhost:0/api/v1/ontologies/${ontology.id}`);
    expect(response.headers.get('etag')).toBe(`"${ontology.head_hash}"`);
    expect(response.headers.get('location')).toBe(ontology.url);
  });

  it('when optional fields are left out then version is 1.0.0 and the first commit says so', async () => {
    const ontology = await createOntology(server, alice.token, { title: 'Defaults' });
    expect(ontology).toMatchObject({ version: '1.0.0', description: '', visibility: 'public' });
    const commits = await server.request('GET', `/api/v1/ontologies/${ontology.id}/commits`, { token: alice.token });
    expect(commits.body.data).toHaveLength(1);
    expect(commits.body.data[0]).toMatchObject({ message: 'Initial commit via API', status: 'applied', version: '1.0.0', author_id: alice.id, commit_hash: ontology.head_hash });
  });

  it('when change_summary is given then it is the first commit message', async () => {
    const ontology = await createOntology(server, alice.token, {}, { change_summary: 'Imported from Protégé' });
    const commits = await server.request('GET', `/api/v1/ontologies/${ontology.id}/commits`, { token: alice.token });
    expect(commits.body.data[0].message).toBe('Imported from Protégé');
  });

  it('when account_id names a team the caller belongs to then the ontology lands there', async () => {
    const team = await server.request('POST', '/api/v1/accounts', { token: alice.token, json: { account: { name: 'Lab' } } });
    const ontology = await createOntology(server, alice.token, { account_id: team.body.id });
    expect(ontology.account_id).toBe(team.body.id);
    const refused = await server.request('POST', '/api/v1/ontologies', {
      token: bob.token,
      json: { ontology: { title: 'x', source: TURTLE, source_format: 'turtle', account_id: team.body.id } },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toHaveProperty('account_id');
  });

  it('when no token is sent then it answers 401', async () => {
    const response = await server.request('POST', '/api/v1/ontologies', { json: { ontology: { title: 'x', source: TURTLE, source_format: 'turtle' } } });
    expect(response.status).toBe(401);
  });
});

describe('GET /api/v1/ontologies/:id', () => {
  it('when the ontology is public then any signed-in user reads it with its source and ETag', async () => {
    const ontology = await createOntology(server, alice.token, { visibility: 'public' });
    const response = await server.request('GET', `/api/v1/ontologies/${ontology.id}`, { token: bob.token });
    expect(response.status).toBe(200);
    expect(OntologyResponse.parse(response.body)).toEqual(ontology);
    expect(response.headers.get('etag')).toBe(`"${ontology.head_hash}"`);
  });

  it('when the ontology is private to another account then it answers 404 exactly like a missing one', async () => {
    const ontology = await createOntology(server, alice.token, { visibility: 'private' });
    const hidden = await server.request('GET', `/api/v1/ontologies/${ontology.id}`, { token: bob.token });
    const missing = await server.request('GET', `/api/v1/ontologies/${MISSING}`, { token: bob.token });
    const malformed = await server.request('GET', '/api/v1/ontologies/12345', { token: bob.token });
    for (const response of [hidden, missing, malformed]) {
      expect(response.status).toBe(404);
      expect(response.text).toBe('{"error":"not_found"}');
    }
  });

  it('when no token is sent then it answers 401', async () => {
    const ontology = await createOntology(server, alice.token);
    expect((await server.request('GET', `/api/v1/ontologies/${ontology.id}`)).status).toBe(401);
  });

  it('when If-None-Match names the ETag after a title change then it answers 200 with the new title, not 304', async () => {
    const ontology = await createOntology(server, alice.token, { title: 'Before' });
    const etag = `"${ontology.head_hash}"`;
    const renamed = await server.request('PATCH', `/api/v1/ontologies/${ontology.id}`, { token: alice.token, json: { ontology: { title: 'After' } } });
    expect(renamed.headers.get('etag')).toBe(etag);
    for (const path of [`/api/v1/ontologies/${ontology.id}`, `/api/v1/ontologies/${ontology.id}?version=1.0.0`]) {
      // fetch adds `Cache-Control: no-cache` to a conditional request unless one is given (as curl sends none).
      const response = await server.request('GET', path, { token: alice.token, headers: { 'if-none-match': etag, 'cache-control': 'max-age=0' } });
      expect(response.status).toBe(200);
      expect(response.body.title).toBe('After');
    }
  });
});

describe('GET /api/v1/ontologies', () => {
  it('when filters are combined then only matching visible ontologies are listed, newest first', async () => {
    const owner = await signUpUser(server);
    const tag = `Zebra-${Date.now()}`;
    const first = await createOntology(server, owner.token, { title: `${tag} one`, visibility: 'public' });
    const second = await createOntology(server, owner.token, { title: `${tag} TWO`, visibility: 'private', source_format: 'other', source: 'anything' });
    const viewer = await signUpUser(server);

    const mine = await server.request('GET', `/api/v1/ontologies?title=${tag.toLowerCase()}`, { token: owner.token });
    expect(OntologyListResponse.parse(mine.body).data.map((o) => o.id)).toEqual([second.id, first.id]);
    expect(mine.body.pagination).toEqual({ page: 1, per_page: 25, total: 2, total_pages: 1 });

    const theirs = await server.request('GET', `/api/v1/ontologies?title=${tag}`, { token: viewer.token });
    expect(theirs.body.data.map((o: { id: string }) => o.id)).toEqual([first.id]);

    const formats = await server.request('GET', `/api/v1/ontologies?title=${tag}&source_format=other`, { token: owner.token });
    expect(formats.body.data.map((o: { id: string }) => o.id)).toEqual([second.id]);

    const myAccounts = await server.request('GET', `/api/v1/ontologies?filter=my_accounts&title=${tag}`, { token: viewer.token });
    expect(myAccounts.body.data).toEqual([]);

    const publicOnly = await server.request('GET', `/api/v1/ontologies?filter=public&title=${tag}`, { token: owner.token });
    expect(publicOnly.body.data.map((o: { id: string }) => o.id)).toEqual([first.id]);
  });

  it('when the title holds LIKE wildcards then they match literally', async () => {
    const owner = await signUpUser(server);
    await createOntology(server, owner.token, { title: '100% organic', visibility: 'private' });
    await createOntology(server, owner.token, { title: '100 organic', visibility: 'private' });
    const response = await server.request('GET', `/api/v1/ontologies?filter=my_accounts&title=${encodeURIComponent('0%')}`, { token: owner.token });
    expect(response.body.data.map((o: { title: string }) => o.title)).toEqual(['100% organic']);
    const underscore = await server.request('GET', '/api/v1/ontologies?filter=my_accounts&title=0_o', { token: owner.token });
    expect(underscore.body.data).toEqual([]);
  });

  it('when paging then page and per_page cut the list and total_pages counts pages', async () => {
    const owner = await signUpUser(server);
    for (let i = 0; i < 3; i++) await createOntology(server, owner.token, { title: `Paged ${i}`, visibility: 'private' });
    const page2 = await server.request('GET', '/api/v1/ontologies?filter=my_accounts&per_page=2&page=2', { token: owner.token });
    expect(page2.body.pagination).toEqual({ page: 2, per_page: 2, total: 3, total_pages: 2 });
    expect(page2.body.data.map((o: { title: string }) => o.title)).toEqual(['Paged 0']);
  });

  it('when page is far past the end (over a million, past 2^32, up to 2^53 - 1) then it answers 200 with an empty page', async () => {
    const owner = await signUpUser(server);
    const parent = await createOntology(server, owner.token, { visibility: 'private' });
    await createOntology(server, owner.token, { visibility: 'private', parent_id: parent.id });
    // 2^32 + 1: an offset of 2^32, which Prisma read as 0 (the first item came back).
    for (const page of [2_000_000, 2 ** 32 + 1, Number.MAX_SAFE_INTEGER]) {
      for (const [path, total] of [
        ['/api/v1/ontologies?filter=my_accounts', 2],
        [`/api/v1/ontologies/${parent.id}/children?source_format=turtle`, 1],
        [`/api/v1/ontologies/${parent.id}/commits?version=1.0.0`, 1],
      ] as const) {
        const response = await server.request('GET', `${path}&per_page=1&page=${page}`, { token: owner.token });
        expect(response.status, `${path} page ${page}`).toBe(200);
        expect(response.body).toEqual({ pagination: { page, per_page: 1, total, total_pages: total }, data: [] });
      }
    }
  });

  it('when parent_id is given then only its visible children are listed', async () => {
    const parent = await createOntology(server, alice.token, { title: 'Parent' });
    const child = await createOntology(server, alice.token, { title: 'Child', parent_id: parent.id });
    const privateChild = await createOntology(server, alice.token, { title: 'Private child', parent_id: parent.id, visibility: 'private' });
    const response = await server.request('GET', `/api/v1/ontologies?parent_id=${parent.id}`, { token: bob.token });
    expect(response.body.data.map((o: { id: string }) => o.id)).toEqual([child.id]);
    const asOwner = await server.request('GET', `/api/v1/ontologies?parent_id=${parent.id}`, { token: alice.token });
    expect(asOwner.body.data.map((o: { id: string }) => o.id)).toEqual([privateChild.id, child.id]);
  });

  it.each([
    ['per_page=0', 'per_page'],
    ['per_page=101', 'per_page'],
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=abc', 'page'],
    ['page=1.5', 'page'],
    ['page=99999999999999999999', 'page'],
    ['filter=everything', 'filter'],
    ['source_format=pdf', 'source_format'],
    ['parent_id=not-a-uuid', 'parent_id'],
    ['page=1&page=2', 'page'],
  ])('when the query has %s then it answers 422', async (query, field) => {
    const response = await server.request('GET', `/api/v1/ontologies?${query}`, { token: alice.token });
    expect(response.status).toBe(422);
    expect(response.body.errors).toHaveProperty(field);
  });

  it('when unknown query parameters are sent then they are ignored', async () => {
    expect((await server.request('GET', '/api/v1/ontologies?_=123&sort=x', { token: alice.token })).status).toBe(200);
  });

  it('when no token is sent then it answers 401', async () => {
    expect((await server.request('GET', '/api/v1/ontologies')).status).toBe(401);
  });
});

describe('PATCH /api/v1/ontologies/:id', () => {
  it('when only metadata changes then no commit is made and the version stays', async () => {
    const ontology = await createOntology(server, alice.token);
    const response = await server.request('PATCH', `/api/v1/ontologies/${ontology.id}`, {
      token: alice.token,
      json: { ontology: { title: 'Renamed', description: 'new', visibility: 'private' } },
    });
    expect(response.status).toBe(200);
    expect(OntologyResponse.parse(response.body)).toMatchObject({ title: 'Renamed', description: 'new', visibility: 'private', version: '1.0.0', head_hash: ontology.head_hash });
    const commits = await server.request('GET', `/api/v1/ontologies/${ontology.id}/commits`, { token: alice.token });
    expect(commits.body.pagination.total).toBe(1);
  });

  it.each([
    [undefined, '1.2.1'],
    ['patch', '1.2.1'],
    ['minor', '1.3.0'],
    ['major', '2.0.0'],
  ])('when the source changes with version_bump %s then the version becomes %s and the old head is superseded', async (bump, expected) => {
    const ontology = await createOntology(server, alice.token, { version: '1.2.0' });
    const response = await server.request('PATCH', `/api/v1/ontologies/${ontology.id}`, {
      token: alice.token,
      json: { ontology: { source: TURTLE_2 }, ...(bump ? { version_bump: bump } : {}), change_summary: 'Add ex:d' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ version: expected, source: TURTLE_2 });
    expect(response.body.head_hash).not.toBe(ontology.head_hash);
    const commits = CommitListResponse.parse((await server.request('GET', `/api/v1/ontologies/${ontology.id}/commits`, { token: alice.token })).body);
    expect(commits.data.map((c) => [c.status, c.version, c.message])).toEqual([
      ['applied', expected, 'Add ex:d'],
      ['superseded', '1.2.0', 'Initial commit via API'],
    ]);
    expect(commits.data[0]?.parent_hash).toBe(ontology.head_hash);
    expect(commits.data[0]?.commit_hash).toBe(response.body.head_hash);
  });

  it('when the same source is sent again then nothing is committed', async () => {
    const ontology = await createOntology(server, alice.token);
    const response = await server.request('PATCH', `/api/v1/ontologies/${ontology.id}`, {
      token: alice.token,
      json: { ontology: { source: TURTLE, source_format: 'turtle' }, version_bump: 'major' },
    });
    expect(response.body).toMatchObject({ version: '1.0.0', head_hash: ontology.head_hash });
  });

  it('when a bump would take a version part past 999999999 then it answers 422 and a higher bump still works', async () => {
    const ontology = await createOntology(server, alice.token, { version: '1.999999999.999999999' });
    const path = `/api/v1/ontologies/${ontology.id}`;
    for (const body of [{ ontology: { source: TURTLE_2 } }, { ontology: { source: TURTLE_2 }, version_bump: 'minor' }]) {
      const refused = await server.request('PATCH', path, { token: alice.token, json: body });
      expect(refused.status).toBe(422);
      expect(Object.keys(refused.body.errors)).toEqual([body.version_bump ? 'version_bump' : 'version']);
    }
    const commits = await server.request('GET', `${path}/commits`, { token: alice.token });
    expect(commits.body.pagination.total).toBe(1);
    const major = await server.request('PATCH', path, { token: alice.token, json: { ontology: { source: TURTLE_2 }, version_bump: 'major' } });
    expect(major.status).toBe(200);
    expect(major.body.version).toBe('2.0.0');
    const patched = await server.request('PATCH', path, { token: alice.token, json: { ontology: { source: TURTLE } } });
    expect(patched.body.version).toBe('2.0.1');
  });

  it('when only the format changes then the current source is checked under it and committed', async () => {
    const ontology = await createOntology(server, alice.token);
    const asOther = await server.request('PATCH', `/api/v1/ontologies/${ontology.id}`, { token: alice.token, json: { ontology: { source_format: 'other' } } });
    expect(asOther.status).toBe(200);
    expect(asOther.body).toMatchObject({ source_format: 'other', version: '1.0.1' });
    const asYamlJson = await server.request('PATCH', `/api/v1/ontologies/${ontology.id}`, { token: alice.token, json: { ontology: { source_format: 'json' } } });
    expect(asYamlJson.status).toBe(422);
    expect(asYamlJson.body.errors).toHaveProperty('source');
  });

  it('when a public ontology of another account is patched then it answers 403 and nothing changes', async () => {
    const ontology = await createOntology(server, alice.token, { visibility: 'public' });
    const response = await server.request('PATCH', `/api/v1/ontologies/${ontology.id}`, { token: bob.token, json: { ontology: { title: 'Hijacked' } } });
    expect(response.status).toBe(403);
    expect((await server.request('GET', `/api/v1/ontologies/${ontology.id}`, { token: alice.token })).body.title).toBe(ontology.title);
  });

  it('when a private ontology of another account is patched then it answers 404', async () => {
    const ontology = await createOntology(server, alice.token, { visibility: 'private' });
    const response = await server.request('PATCH', `/api/v1/ontologies/${ontology.id}`, { token: bob.token, json: { ontology: { title: 'x' } } });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 'not_found' });
  });

  it('when If-Match is stale then it answers 412 and changes nothing; when current it goes ahead', async () => {
    const ontology = await createOntology(server, alice.token);
    await server.request('PATCH', `/api/v1/ontologies/${ontology.id}`, { token: alice.token, json: { ontology: { source: TURTLE_2 } } });
    const stale = await server.request('PATCH', `/api/v1/ontologies/${ontology.id}`, {
      token: alice.token,
      headers: { 'if-match': `"${ontology.head_hash}"` },
      json: { ontology: { source: TURTLE, title: 'stale' } },
    });
    expect(stale.status).toBe(412);
    const now = await server.request('GET', `/api/v1/ontologies/${ontology.id}`, { token: alice.token });
    expect(now.body).toMatchObject({ source: TURTLE_2, title: ontology.title });
    const fresh = await server.request('PATCH', `/api/v1/ontologies/${ontology.id}`, {
      token: alice.token,
      headers: { 'if-match': now.headers.get('etag') ?? '' },
      json: { ontology: { title: 'fresh' } },
    });
    expect(fresh.status).toBe(200);
  });

  it('when the new parent is a descendant or itself then it answers 422', async () => {
    const root = await createOntology(server, alice.token, { title: 'root' });
    const child = await createOntology(server, alice.token, { title: 'child', parent_id: root.id });
    const loop = await server.request('PATCH', `/api/v1/ontologies/${root.id}`, { token: alice.token, json: { ontology: { parent_id: child.id } } });
    expect(loop.status).toBe(422);
    expect(loop.body.errors).toHaveProperty('parent_id');
    const self = await server.request('PATCH', `/api/v1/ontologies/${root.id}`, { token: alice.token, json: { ontology: { parent_id: root.id } } });
    expect(self.status).toBe(422);
    const unparent = await server.request('PATCH', `/api/v1/ontologies/${child.id}`, { token: alice.token, json: { ontology: { parent_id: null } } });
    expect(unparent.body.parent_id).toBeNull();
  });

  it('when the parent is a private ontology of another account then it answers 422', async () => {
    const hidden = await createOntology(server, bob.token, { visibility: 'private' });
    const ontology = await createOntology(server, alice.token);
    const response = await server.request('PATCH', `/api/v1/ontologies/${ontology.id}`, { token: alice.token, json: { ontology: { parent_id: hidden.id } } });
    expect(response.status).toBe(422);
  });

  it('when no token is sent then it answers 401', async () => {
    const ontology = await createOntology(server, alice.token);
    expect((await server.request('PATCH', `/api/v1/ontologies/${ontology.id}`, { json: { ontology: { title: 'x' } } })).status).toBe(401);
  });
});

describe('DELETE /api/v1/ontologies/:id', () => {
  it('when the owner deletes then it answers 204, the commits go and the children become roots', async () => {
    const parent = await createOntology(server, alice.token);
    const child = await createOntology(server, alice.token, { parent_id: parent.id });
    await server.request('PATCH', `/api/v1/ontologies/${parent.id}`, { token: alice.token, json: { ontology: { source: TURTLE_2 } } });
    const response = await server.request('DELETE', `/api/v1/ontologies/${parent.id}`, { token: alice.token });
    expect(response.status).toBe(204);
    expect(response.text).toBe('');
    expect((await server.request('GET', `/api/v1/ontologies/${parent.id}`, { token: alice.token })).status).toBe(404);
    expect(await server.db.prisma.commit.count({ where: { ontologyId: parent.id } })).toBe(0);
    expect((await server.request('GET', `/api/v1/ontologies/${child.id}`, { token: alice.token })).body.parent_id).toBeNull();
  });

  it('when another account deletes a public one then 403, a private one then 404, and it stays', async () => {
    const pub = await createOntology(server, alice.token, { visibility: 'public' });
    const priv = await createOntology(server, alice.token, { visibility: 'private' });
    expect((await server.request('DELETE', `/api/v1/ontologies/${pub.id}`, { token: bob.token })).status).toBe(403);
    expect((await server.request('DELETE', `/api/v1/ontologies/${priv.id}`, { token: bob.token })).status).toBe(404);
    expect((await server.request('GET', `/api/v1/ontologies/${priv.id}`, { token: alice.token })).status).toBe(200);
  });

  it('when If-Match is stale then it answers 412 and the ontology stays', async () => {
    const ontology = await createOntology(server, alice.token);
    const response = await server.request('DELETE', `/api/v1/ontologies/${ontology.id}`, { token: alice.token, headers: { 'if-match': '"sha256:00"' } });
    expect(response.status).toBe(412);
    expect((await server.request('GET', `/api/v1/ontologies/${ontology.id}`, { token: alice.token })).status).toBe(200);
  });

  it('when no token is sent or the id is unknown then 401 and 404', async () => {
    expect((await server.request('DELETE', `/api/v1/ontologies/${MISSING}`)).status).toBe(401);
    expect((await server.request('DELETE', `/api/v1/ontologies/${MISSING}`, { token: alice.token })).status).toBe(404);
  });
});

describe('children and commits', () => {
  it('when children are listed then only visible children come, filterable by format', async () => {
    const parent = await createOntology(server, alice.token, { visibility: 'public' });
    const visible = await createOntology(server, alice.token, { parent_id: parent.id, visibility: 'public' });
    await createOntology(server, alice.token, { parent_id: parent.id, visibility: 'private' });
    const response = await server.request('GET', `/api/v1/ontologies/${parent.id}/children`, { token: bob.token });
    expect(response.status).toBe(200);
    expect(OntologyListResponse.parse(response.body).data.map((o) => o.id)).toEqual([visible.id]);
    const filtered = await server.request('GET', `/api/v1/ontologies/${parent.id}/children?source_format=yaml`, { token: alice.token });
    expect(filtered.body.data).toEqual([]);
    expect((await server.request('GET', `/api/v1/ontologies/${parent.id}/children?per_page=500`, { token: alice.token })).status).toBe(422);
  });

  it('when the parent is hidden or missing then children answer 404; without a token 401', async () => {
    const hidden = await createOntology(server, alice.token, { visibility: 'private' });
    expect((await server.request('GET', `/api/v1/ontologies/${hidden.id}/children`, { token: bob.token })).status).toBe(404);
    expect((await server.request('GET', `/api/v1/ontologies/${MISSING}/children`, { token: bob.token })).status).toBe(404);
    expect((await server.request('GET', `/api/v1/ontologies/${hidden.id}/children`)).status).toBe(401);
  });

  it('when commits are read then the list has no source and the single commit has it', async () => {
    const ontology = await createOntology(server, alice.token);
    await server.request('PATCH', `/api/v1/ontologies/${ontology.id}`, { token: alice.token, json: { ontology: { source: TURTLE_2 } } });
    const list = await server.request('GET', `/api/v1/ontologies/${ontology.id}/commits`, { token: bob.token });
    expect(list.status).toBe(200);
    for (const commit of list.body.data) expect(commit).not.toHaveProperty('source');
    const oldest = list.body.data[1];
    const single = await server.request('GET', `/api/v1/ontologies/${ontology.id}/commits/${oldest.id}`, { token: bob.token });
    expect(CommitResponse.parse(single.body)).toMatchObject({ id: oldest.id, source: TURTLE, status: 'superseded' });
  });

  it('when a commit id of another ontology is used then it answers 404', async () => {
    const one = await createOntology(server, alice.token);
    const two = await createOntology(server, alice.token);
    const commitOfTwo = (await server.request('GET', `/api/v1/ontologies/${two.id}/commits`, { token: alice.token })).body.data[0].id;
    const response = await server.request('GET', `/api/v1/ontologies/${one.id}/commits/${commitOfTwo}`, { token: alice.token });
    expect(response.status).toBe(404);
    expect((await server.request('GET', `/api/v1/ontologies/${one.id}/commits/nope`, { token: alice.token })).status).toBe(404);
  });

  it('when the ontology is hidden then its commits answer 404; without a token 401', async () => {
    const hidden = await createOntology(server, alice.token, { visibility: 'private' });
    const commitId = (await server.request('GET', `/api/v1/ontologies/${hidden.id}/commits`, { token: alice.token })).body.data[0].id;
    expect((await server.request('GET', `/api/v1/ontologies/${hidden.id}/commits`, { token: bob.token })).status).toBe(404);
    expect((await server.request('GET', `/api/v1/ontologies/${hidden.id}/commits/${commitId}`, { token: bob.token })).status).toBe(404);
    expect((await server.request('GET', `/api/v1/ontologies/${hidden.id}/commits`)).status).toBe(401);
    expect((await server.request('GET', `/api/v1/ontologies/${hidden.id}/commits/${commitId}`)).status).toBe(401);
  });
});
