// A visible ontology whose parent the caller cannot see (SPEC 7: the existence of a private
// resource is never revealed): parent_id reads null wherever the child is shown, over REST and
// the agent tools, and filtering by the hidden parent's id answers as for an id that does not exist.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { OntologyListResponse } from '@oms/contracts';
import { connectMcp, resultJson } from '@oms/testing';
import { createOntology, TURTLE } from './support/test-server.js';
import { useTestServer } from './support/use-test-server.js';

const MISSING = '01a20413-0000-7000-8000-000000000000';

const { server, users: { alice, bob } } = useTestServer({ users: { alice: { name: 'Alice' }, bob: { name: 'Bob' } } });
let teamId: string;
/** Private, in Alice's personal account: Bob cannot see it. */
let hiddenParent: { id: string };
/** Public, in a team of Alice and Bob, a child of hiddenParent. */
let child: { id: string; title: string; account_id: string };
const tag = randomUUID().slice(0, 8);

beforeAll(async () => {
  const team = await server.request('POST', '/api/v1/accounts', { token: alice.token, json: { account: { name: `Team ${tag}` } } });
  teamId = team.body.id;
  const added = await server.request('POST', `/api/v1/accounts/${teamId}/account_users`, {
    token: alice.token,
    json: { account_user: { user_id: bob.id } },
  });
  expect(added.status).toBe(201);
  hiddenParent = await createOntology(server, alice.token, { title: `Secret parent ${tag}`, visibility: 'private' });
  child = await createOntology(server, alice.token, {
    title: `Child ${tag}`,
    visibility: 'public',
    account_id: teamId,
    parent_id: hiddenParent.id,
  });
});

function listedChild(body: unknown) {
  return OntologyListResponse.parse(body).data.find((ontology) => ontology.id === child.id);
}

describe('REST: a child of a parent the caller cannot see', () => {
  it('when the child is read then parent_id is null for the outsider and the parent for a member of its account', async () => {
    const asBob = await server.request('GET', `/api/v1/ontologies/${child.id}`, { token: bob.token });
    expect(asBob.status).toBe(200);
    expect(asBob.body.parent_id).toBeNull();
    const pinned = await server.request('GET', `/api/v1/ontologies/${child.id}?version=1.0.0`, { token: bob.token });
    expect(pinned.status).toBe(200);
    expect(pinned.body.parent_id).toBeNull();
    const asAlice = await server.request('GET', `/api/v1/ontologies/${child.id}`, { token: alice.token });
    expect(asAlice.body.parent_id).toBe(hiddenParent.id);
  });

  it('when the child is listed or searched then parent_id is null in every list', async () => {
    for (const query of [`title=${tag}`, `title=${tag}&filter=public`, `title=${tag}&filter=my_accounts`, `title=${tag}&filter=all`]) {
      const response = await server.request('GET', `/api/v1/ontologies?${query}`, { token: bob.token });
      expect(response.status, query).toBe(200);
      expect(listedChild(response.body), query).toMatchObject({ id: child.id, parent_id: null });
    }
    const asAlice = await server.request('GET', `/api/v1/ontologies?title=${tag}`, { token: alice.token });
    expect(listedChild(asAlice.body)?.parent_id).toBe(hiddenParent.id);
  });

  it('when the list is filtered by the hidden parent then the answer is exactly that for an id that does not exist', async () => {
    for (const filter of ['', '&filter=public', '&filter=my_accounts', '&filter=all']) {
      const hidden = await server.request('GET', `/api/v1/ontologies?parent_id=${hiddenParent.id}${filter}`, { token: bob.token });
      const missing = await server.request('GET', `/api/v1/ontologies?parent_id=${MISSING}${filter}`, { token: bob.token });
      expect(hidden.status, filter).toBe(missing.status);
      expect(hidden.text, filter).toBe(missing.text);
      expect(hidden.body.data, filter).toEqual([]);
    }
    const asAlice = await server.request('GET', `/api/v1/ontologies?parent_id=${hiddenParent.id}`, { token: alice.token });
    expect(OntologyListResponse.parse(asAlice.body).data.map((ontology) => ontology.id)).toEqual([child.id]);
  });

  it('when the hidden parent is asked for its children then the answer is exactly that for a missing one', async () => {
    const hidden = await server.request('GET', `/api/v1/ontologies/${hiddenParent.id}/children`, { token: bob.token });
    const missing = await server.request('GET', `/api/v1/ontologies/${MISSING}/children`, { token: bob.token });
    expect(hidden.status).toBe(404);
    expect(hidden.text).toBe(missing.text);
  });

  it('when a member of the child account changes it then the answer shows parent_id null and the parent stays', async () => {
    const renamed = await server.request('PATCH', `/api/v1/ontologies/${child.id}`, {
      token: bob.token,
      json: { ontology: { title: `Child ${tag} renamed by Bob` } },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.parent_id).toBeNull();
    const asAlice = await server.request('GET', `/api/v1/ontologies/${child.id}`, { token: alice.token });
    expect(asAlice.body).toMatchObject({ title: `Child ${tag} renamed by Bob`, parent_id: hiddenParent.id });
  });

  it('when the parent is visible then its id shows in reads, lists and children lists', async () => {
    const parent = await createOntology(server, alice.token, { title: `Open parent ${tag}`, visibility: 'public' });
    const openChild = await createOntology(server, alice.token, { title: `Open child ${tag}`, parent_id: parent.id });
    expect(openChild.parent_id).toBe(parent.id);
    expect((await server.request('GET', `/api/v1/ontologies/${openChild.id}`, { token: bob.token })).body.parent_id).toBe(parent.id);
    const children = await server.request('GET', `/api/v1/ontologies/${parent.id}/children`, { token: bob.token });
    expect(OntologyListResponse.parse(children.body).data).toEqual([expect.objectContaining({ id: openChild.id, parent_id: parent.id })]);
    const filtered = await server.request('GET', `/api/v1/ontologies?parent_id=${parent.id}`, { token: bob.token });
    expect(OntologyListResponse.parse(filtered.body).data).toEqual([expect.objectContaining({ id: openChild.id, parent_id: parent.id })]);
  });
});

describe('agent tools: a child of a parent the caller cannot see', () => {
  let bobClient: Client;
  let aliceClient: Client;
  beforeAll(async () => {
    [bobClient, aliceClient] = await Promise.all([connectMcp(server.baseUrl, bob.token, 'modern'), connectMcp(server.baseUrl, alice.token, 'modern')]);
  });
  afterAll(async () => {
    await bobClient?.close();
    await aliceClient?.close();
  });

  it('when the child is read, listed or searched then parent_id is null for the outsider and the parent for its owner', async () => {
    const read = resultJson(await bobClient.callTool({ name: 'read_ontology', arguments: { id: child.id } }));
    expect(read).toMatchObject({ id: child.id, parent_id: null });
    const search = resultJson(await bobClient.callTool({ name: 'search_ontologies', arguments: { query: tag } }));
    expect(search.ontologies.find((o: { id: string }) => o.id === child.id)).toMatchObject({ parent_id: null });
    const list = resultJson(await bobClient.callTool({ name: 'list_ontologies', arguments: { limit: 100 } }));
    expect(list.ontologies.find((o: { id: string }) => o.id === child.id)).toMatchObject({ parent_id: null });
    const asAlice = resultJson(await aliceClient.callTool({ name: 'read_ontology', arguments: { id: child.id } }));
    expect(asAlice.parent_id).toBe(hiddenParent.id);
  });

  it('when a member of the child account updates it through the tool then the result shows parent_id null', async () => {
    const updated = await bobClient.callTool({
      name: 'update_ontology',
      arguments: { id: child.id, account_id: teamId, source: `${TURTLE}# by the agent\n`, commit_message: 'agent edit' },
    });
    expect(updated.isError).toBeFalsy();
    expect(resultJson(updated)).toMatchObject({ id: child.id, parent_id: null });
    const asAlice = resultJson(await aliceClient.callTool({ name: 'read_ontology', arguments: { id: child.id } }));
    expect(asAlice).toMatchObject({ parent_id: hiddenParent.id, source: `${TURTLE}# by the agent\n` });
  });
});
