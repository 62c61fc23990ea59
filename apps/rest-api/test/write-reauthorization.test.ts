// Every write is authorized by what its own transaction reads (issue 17, item 1): a token
// revoked, or a membership removed, while the request's body is still arriving stops the
// write. Requests are written by hand (node:net) so the body arrives in two parts.
import { describe, expect, it } from 'vitest';
import type { Database } from '@oms/db';
import { createOntology, signUpUser, TURTLE, type SignedUpUser } from './support/test-server.js';
import { useTestServer } from './support/use-test-server.js';
import { splitBody, startRawRequest, type RawRequest } from './support/raw-http.js';

const INTERNAL_TOKEN = 'internal-token-for-write-reauthorization-tests';
/** Runs once, just before the app's next interactive write transaction. */
let beforeNextWrite: (() => Promise<void>) | undefined;

/** The app's database, with a hook run before its next `prisma.$transaction` (the write). */
function withWriteHook(db: Database): Database {
  const prisma = new Proxy(db.prisma, {
    get(target, property, receiver) {
      if (property !== '$transaction') return Reflect.get(target, property, receiver) as unknown;
      return async (...args: unknown[]) => {
        const hook = beforeNextWrite;
        beforeNextWrite = undefined;
        if (hook) await hook();
        return (target.$transaction as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { ...db, prisma };
}

const { server } = useTestServer({ env: { INTERNAL_TOKEN }, wrapDb: withWriteHook });

async function newToken(user: SignedUpUser, name = 'victim'): Promise<{ id: string; token: string }> {
  const response = await server.request('POST', '/api/v1/api_tokens', { token: user.token, json: { api_token: { name } } });
  expect(response.status).toBe(201);
  return { id: response.body.id, token: response.body.token };
}

/** Waits until the server has authenticated the token (a token's first use is recorded). */
async function authenticated(tokenId: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const row = await server.db.prisma.apiToken.findUnique({ where: { id: tokenId }, select: { lastUsedAt: true } });
    if (row?.lastUsedAt) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the server never authenticated the request');
}

async function startJson(method: string, path: string, token: string, json: unknown): Promise<{ raw: RawRequest; rest: string }> {
  const { first, rest, length } = splitBody(json);
  const raw = await startRawRequest(server.baseUrl, {
    method,
    path,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': String(length) },
    firstPart: first,
  });
  return { raw, rest };
}

async function revoke(user: SignedUpUser, tokenId: string, revokedToken: string): Promise<void> {
  expect((await server.request('DELETE', `/api/v1/api_tokens/${tokenId}`, { token: user.token })).status).toBe(204);
  expect((await server.request('GET', '/api/v1/me', { token: revokedToken })).status).toBe(401);
}

describe('a token revoked while the body arrives', () => {
  it('when POST /ontologies finishes its body after the revocation then it answers 401 and creates nothing', async () => {
    const user = await signUpUser(server);
    const victim = await newToken(user);
    const { raw, rest } = await startJson('POST', '/api/v1/ontologies', victim.token, {
      ontology: { title: 'Created after revocation', source: TURTLE, source_format: 'turtle' },
    });
    await authenticated(victim.id);
    await revoke(user, victim.id, victim.token);
    await raw.write(rest);
    const answer = await raw.answer();
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toEqual({ error: 'unauthorized' });
    expect(answer.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(await server.db.prisma.ontology.count({ where: { title: 'Created after revocation' } })).toBe(0);
  });

  it('when PATCH with a new source finishes after the revocation then it answers 401 and makes no commit', async () => {
    const user = await signUpUser(server);
    const ontology = await createOntology(server, user.token);
    const victim = await newToken(user);
    const { raw, rest } = await startJson('PATCH', `/api/v1/ontologies/${ontology.id}`, victim.token, {
      ontology: { source: `${TURTLE}ex:d ex:e ex:f .\n`, title: 'Renamed after revocation' },
    });
    await authenticated(victim.id);
    await revoke(user, victim.id, victim.token);
    await raw.write(rest);
    expect((await raw.answer()).status).toBe(401);
    const row = await server.db.prisma.ontology.findUnique({ where: { id: ontology.id } });
    expect(row).toMatchObject({ headSeq: 1, title: 'Test ontology' });
    expect(await server.db.prisma.commit.count({ where: { ontologyId: ontology.id } })).toBe(1);
  });

  it('when POST /api_tokens finishes after the revocation then it answers 401 and mints no token', async () => {
    const user = await signUpUser(server);
    const victim = await newToken(user);
    const { raw, rest } = await startJson('POST', '/api/v1/api_tokens', victim.token, { api_token: { name: 'Minted after revocation' } });
    await authenticated(victim.id);
    await revoke(user, victim.id, victim.token);
    await raw.write(rest);
    const answer = await raw.answer();
    expect(answer.status).toBe(401);
    expect(answer.body).not.toContain('oms_');
    expect(await server.db.prisma.apiToken.count({ where: { userId: user.id, name: 'Minted after revocation' } })).toBe(0);
  });

  it('when an MCP create_ontology call finishes after the revocation then it fails as unauthorized and creates nothing', async () => {
    const user = await signUpUser(server);
    const victim = await newToken(user);
    const personal = (await server.request('GET', '/api/v1/accounts', { token: user.token })).body[0];
    const { first, rest, length } = splitBody({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: {
        name: 'create_ontology',
        arguments: { account_id: personal.id, title: 'Tool write after revocation', source: TURTLE, source_format: 'turtle' },
      },
    });
    const raw = await startRawRequest(server.baseUrl, {
      method: 'POST',
      path: '/mcp',
      headers: {
        authorization: `Bearer ${victim.token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-06-18',
        'content-length': String(length),
      },
      firstPart: first,
    });
    await authenticated(victim.id);
    await revoke(user, victim.id, victim.token);
    await raw.write(rest);
    const answer = await raw.answer();
    expect(answer.body).toContain('"isError":true');
    expect(answer.body).toContain('Not authenticated');
    expect(await server.db.prisma.ontology.count({ where: { title: 'Tool write after revocation' } })).toBe(0);
  });
});

describe('a member removed while a write is in flight', () => {
  async function teamWithMember() {
    const [owner, member] = await Promise.all([signUpUser(server), signUpUser(server)]);
    const team = await server.request('POST', '/api/v1/accounts', { token: owner.token, json: { account: { name: 'Team' } } });
    const added = await server.request('POST', `/api/v1/accounts/${team.body.id}/account_users`, {
      token: owner.token,
      json: { account_user: { user_id: member.id } },
    });
    expect(added.status).toBe(201);
    const ontology = await createOntology(server, owner.token, { account_id: team.body.id, visibility: 'private' });
    const removeMember = async () => {
      const removed = await server.request('DELETE', `/api/v1/accounts/${team.body.id}/account_users/${added.body.id}`, { token: owner.token });
      expect(removed.status).toBe(204);
    };
    return { owner, member, teamId: team.body.id as string, ontology, removeMember };
  }

  it('when the membership goes after the checks and before the write then PATCH answers 404 and makes no commit', async () => {
    const { member, ontology, removeMember } = await teamWithMember();
    beforeNextWrite = removeMember;
    const response = await server.request('PATCH', `/api/v1/ontologies/${ontology.id}`, {
      token: member.token,
      json: { ontology: { source: `${TURTLE}ex:late ex:member ex:write .\n` } },
    });
    expect(beforeNextWrite).toBeUndefined();
    expect(response.status).toBe(404);
    expect(await server.db.prisma.commit.count({ where: { ontologyId: ontology.id } })).toBe(1);
  });

  it('when the membership goes after the checks and before the write then DELETE answers 404 and the ontology stays', async () => {
    const { member, ontology, removeMember } = await teamWithMember();
    beforeNextWrite = removeMember;
    const response = await server.request('DELETE', `/api/v1/ontologies/${ontology.id}`, { token: member.token });
    expect(beforeNextWrite).toBeUndefined();
    expect(response.status).toBe(404);
    expect(await server.db.prisma.ontology.count({ where: { id: ontology.id } })).toBe(1);
  });

  it('when an MCP update_ontology call finishes its body after the removal then it fails and makes no commit', async () => {
    const { member, teamId, ontology, removeMember } = await teamWithMember();
    const victim = await newToken(member);
    const { first, rest, length } = splitBody({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: {
        name: 'update_ontology',
        arguments: { id: ontology.id, account_id: teamId, source: `${TURTLE}ex:x ex:y ex:z .\n`, commit_message: 'after removal' },
      },
    });
    const raw = await startRawRequest(server.baseUrl, {
      method: 'POST',
      path: '/mcp',
      headers: {
        authorization: `Bearer ${victim.token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-06-18',
        'content-length': String(length),
      },
      firstPart: first,
    });
    await authenticated(victim.id);
    await removeMember();
    await raw.write(rest);
    const answer = await raw.answer();
    expect(answer.body).toContain('"isError":true');
    expect(await server.db.prisma.commit.count({ where: { ontologyId: ontology.id } })).toBe(1);
  });
});

describe('the internal API (the MCP gateway calling over HTTP)', () => {
  async function createOverInternalApi(user: SignedUpUser, title: string, credential?: string) {
    const personal = (await server.request('GET', '/api/v1/accounts', { token: user.token })).body[0];
    return server.request('POST', '/internal/trpc/ontologies.create', {
      headers: {
        'x-internal-token': INTERNAL_TOKEN,
        'x-oms-actor': user.id,
        ...(credential ? { 'x-oms-credential': credential } : {}),
      },
      json: { account_id: personal.id, title, source: TURTLE, source_format: 'turtle' },
    });
  }

  it('when the credential the gateway passes on was revoked then the write is refused as unauthorized and nothing is created', async () => {
    const user = await signUpUser(server);
    const victim = await newToken(user);
    await revoke(user, victim.id, victim.token);
    const response = await createOverInternalApi(user, 'Gateway write after revocation', `api_token ${victim.id}`);
    expect(response.status).toBe(401);
    expect(response.body.error.data).toMatchObject({ appCode: 'unauthorized' });
    expect(await server.db.prisma.ontology.count({ where: { title: 'Gateway write after revocation' } })).toBe(0);
  });

  it('when the credential is live then the write goes ahead', async () => {
    const user = await signUpUser(server);
    const live = await newToken(user);
    const response = await createOverInternalApi(user, 'Gateway write', `api_token ${live.id}`);
    expect(response.status).toBe(200);
    expect(await server.db.prisma.ontology.count({ where: { title: 'Gateway write' } })).toBe(1);
  });

  it("when the credential names another user's token then the write is refused", async () => {
    const [user, other] = await Promise.all([signUpUser(server), signUpUser(server)]);
    const theirs = await newToken(other);
    const response = await createOverInternalApi(user, 'Borrowed credential', `api_token ${theirs.id}`);
    expect(response.status).toBe(401);
    expect(await server.db.prisma.ontology.count({ where: { title: 'Borrowed credential' } })).toBe(0);
  });
});
