// Who sees and changes what through the internal API that /mcp calls (the agent tools) and
// REST's bearer authentication: the acting user's lookup, the scoping of every read and write to what that user may see or
// change, the re-read of their credential and membership inside each write, and the token and
// grant checks behind /mcp's bearer authentication. Use-case level, without HTTP: the real
// router and use cases on a real database (one per file), so these run fast enough to back the
// mutation run (npm run mutation) as well as `npm test`.
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import type { ProcedureInput, ProcedureName, ServiceApi } from '@oms/contracts';
import { createAccount, createUser, insertApiToken, insertMembership, recordRevokedAccessToken } from '@oms/db';
import { createTestDatabase, type TestDatabase } from '@oms/db/testing';
import { isAppError } from '@oms/domain';
import { createLogger } from '@oms/platform';
import { fakeExchange } from '@oms/platform/testing';
import { configFrom } from '../src/config.js';
import { createServiceContext, type ServiceContext } from '@oms/ontology-service';
import { createInternalRouter } from '@oms/ontology-service';
import { localServiceFactory } from '@oms/ontology-service';
import { actorOf, authenticate, authOf } from '../src/http/authenticate.js';
import { generateApiToken } from '@oms/ontology-service';
import { createOntology } from '@oms/ontology-service';
import { TURTLE } from './support/test-server.js';

let db: TestDatabase;
let ctx: ServiceContext;
let serviceFor: ReturnType<typeof localServiceFactory>;

const ids = {
  alice: uuidv7(), // admin of the team
  bob: uuidv7(), // plain member of the team
  carol: uuidv7(), // outsider: her own account only
  team: uuidv7(),
  carolsAccount: uuidv7(),
  bobsToken: uuidv7(),
};
const tokens = { bob: generateApiToken() };
/** Ontologies: the team's public and private ones, carol's private one, a public child (carol's) of the team's private one. */
const onto = { teamPublic: '', teamPrivate: '', carolPrivate: '', childOfPrivate: '' };

// Answers are read as loose response bodies; the procedure names and inputs are typed by the contract.
type Outcome = { ok: true; value: any } | { ok: false; code: string; fieldErrors: unknown };

async function call<K extends ProcedureName>(service: ServiceApi, name: K, input: ProcedureInput<K>): Promise<Outcome> {
  try {
    return { ok: true, value: await service.call(name, input) };
  } catch (error) {
    if (!isAppError(error)) throw error;
    return { ok: false, code: error.code, fieldErrors: error.fieldErrors };
  }
}
const as = <K extends ProcedureName>(userId: string | null, name: K, input: ProcedureInput<K>) => call(serviceFor(userId), name, input);
const codeOf = (outcome: Outcome) => (outcome.ok ? 'ok' : outcome.code);

// In beforeEach, once: a setup that fails then fails every test (a failing beforeAll only skips them,
// which the mutation run would count as a surviving mutant).
let settingUp: Promise<void> | undefined;
const setUp = async (): Promise<void> => {
  db = await createTestDatabase();
  ctx = createServiceContext({ config: configFrom({ SIGN_UP_LIMIT: '0' }), db, logger: createLogger({ service: 'rest-api', level: 'silent' }) });
  serviceFor = localServiceFactory(createInternalRouter(ctx));
  for (const [id, name] of [[ids.alice, 'Alice'], [ids.bob, 'Bob'], [ids.carol, 'Carol']] as const) {
    await createUser(db.prisma, { id, email: `${name.toLowerCase()}-${id}@example.com`, name, passwordHash: 'x' });
  }
  await createAccount(db.prisma, { id: ids.team, name: 'Team', personal: false, ownerId: ids.alice, membershipId: uuidv7() });
  await insertMembership(db.prisma, { id: uuidv7(), accountId: ids.team, userId: ids.bob, role: 'member' });
  await createAccount(db.prisma, { id: ids.carolsAccount, name: 'Carol', personal: true, ownerId: ids.carol, membershipId: uuidv7() });
  await insertApiToken(db.prisma, { id: ids.bobsToken, userId: ids.bob, name: 'bob', tokenHash: tokens.bob.tokenHash });

  const create = async (userId: string, accountId: string, title: string, visibility: 'is_public' | 'is_private') => {
    const created = await as(userId, 'ontologies.create', { account_id: accountId, title, source: TURTLE, source_format: 'turtle', visibility });
    if (!created.ok) throw new Error(`create failed: ${created.code}`);
    return created.value.id as string;
  };
  onto.teamPublic = await create(ids.alice, ids.team, 'Team public', 'is_public');
  onto.teamPrivate = await create(ids.alice, ids.team, 'Team private', 'is_private');
  onto.carolPrivate = await create(ids.carol, ids.carolsAccount, 'Carol private', 'is_private');
  const child = await createOntology(ctx, { userId: ids.alice, credential: null, memberOf: [ids.team] }, {
    account_id: ids.team,
    title: 'Child of private',
    source: TURTLE,
    source_format: 'turtle',
    visibility: 'public',
    parent_id: onto.teamPrivate,
  });
  onto.childOfPrivate = child.id;
};
beforeEach(() => (settingUp ??= setUp()));

afterAll(async () => {
  await ctx?.heavyWork.close();
  await db?.dispose();
});

describe('the acting user', () => {
  it('when there is no acting user, or it is no uuid, or no such user, then every tool is 401', async () => {
    for (const actor of [null, 'not-a-uuid', `${ids.alice}x`, uuidv7()]) {
      expect(codeOf(await as(actor, 'profile.read', {})), String(actor)).toBe('unauthorized');
    }
  });

  it('when the acting user id comes in capitals then it is the same user', async () => {
    const outcome = await as(ids.alice.toUpperCase(), 'ontologies.read', { id: onto.teamPrivate });
    expect(codeOf(outcome)).toBe('ok');
  });

  it('when the caller passes the accounts it has just read then those decide, without a second lookup', async () => {
    // Bob is a member of the team, but the accounts handed over say otherwise: the private list entry goes.
    const service = serviceFor(ids.bob, []);
    const listed = await call(service, 'ontologies.list', { limit: 50, offset: 0 });
    expect(listed.ok && listed.value.ontologies.map((o: { id: string }) => o.id)).not.toContain(onto.teamPrivate);
    const looked = await call(serviceFor(ids.bob), 'ontologies.list', { limit: 50, offset: 0 });
    expect(looked.ok && looked.value.ontologies.map((o: { id: string }) => o.id)).toContain(onto.teamPrivate);
  });

  it('when the profile and accounts are read then they are the caller\'s, with only the caller\'s roles', async () => {
    const profile = await as(ids.bob, 'profile.read', {});
    expect(profile.ok && profile.value.name).toBe('Bob');
    const accounts = await as(ids.bob, 'accounts.list', {});
    expect(accounts.ok && accounts.value.accounts).toEqual([{ id: ids.team, name: 'Team', personal: false, roles: ['member'] }]);
  });
});

describe('reads are scoped to what the caller may see', () => {
  it('when an outsider reads a private ontology, its commits or one of its commits then each is 404; a member reads them', async () => {
    const commits = await as(ids.bob, 'commits.list', { ontology_id: onto.teamPrivate, limit: 10, offset: 0 });
    expect(commits.ok && commits.value.total).toBe(1);
    const commitId = commits.ok ? (commits.value.commits[0].id as string) : '';
    expect(codeOf(await as(ids.carol, 'ontologies.read', { id: onto.teamPrivate }))).toBe('not_found');
    expect(codeOf(await as(ids.carol, 'commits.list', { ontology_id: onto.teamPrivate, limit: 10, offset: 0 }))).toBe('not_found');
    expect(codeOf(await as(ids.carol, 'commits.read', { id: commitId }))).toBe('not_found');
    expect(codeOf(await as(ids.bob, 'ontologies.read', { id: onto.teamPrivate }))).toBe('ok');
    expect(codeOf(await as(ids.bob, 'commits.read', { id: commitId }))).toBe('ok');
    expect(codeOf(await as(ids.bob, 'commits.read', { id: uuidv7() }))).toBe('not_found');
  });

  it('when an outsider reads a public ontology then it is shown', async () => {
    const read = await as(ids.carol, 'ontologies.read', { id: onto.teamPublic });
    expect(read.ok && read.value.title).toBe('Team public');
  });

  it('when an outsider lists or searches then only public ontologies and their own private ones are listed', async () => {
    const listed = await as(ids.carol, 'ontologies.list', { limit: 50, offset: 0 });
    const titles = listed.ok ? listed.value.ontologies.map((o: { title: string }) => o.title).sort() : [];
    expect(titles).toEqual(['Carol private', 'Child of private', 'Team public']);
    expect(listed.ok && listed.value.total).toBe(3);
    const searched = await as(ids.carol, 'ontologies.search', { query: 'private', limit: 50, offset: 0 });
    expect(searched.ok && searched.value.ontologies.map((o: { title: string }) => o.title).sort()).toEqual(['Carol private', 'Child of private']);
  });

  it('when the parent of a listed or read ontology is hidden from the caller then parent_id is null; a member sees it', async () => {
    const parentSeenBy = async (userId: string) => {
      const listed = await as(userId, 'ontologies.list', { limit: 50, offset: 0 });
      const child = listed.ok ? listed.value.ontologies.find((o: { id: string }) => o.id === onto.childOfPrivate) : undefined;
      const read = await as(userId, 'ontologies.read', { id: onto.childOfPrivate });
      return [child?.parent_id, read.ok ? read.value.parent_id : 'refused'];
    };
    expect(await parentSeenBy(ids.carol)).toEqual([null, null]);
    expect(await parentSeenBy(ids.bob)).toEqual([onto.teamPrivate, onto.teamPrivate]);
  });
});

describe('writes are scoped to the owning account', () => {
  const update = (id: string, accountId: string) => ({ id, account_id: accountId, source: TURTLE, commit_message: 'change' });

  it('when an outsider changes or deletes a public ontology then it is 403; a private one, 404', async () => {
    expect(codeOf(await as(ids.carol, 'ontologies.update', update(onto.teamPublic, ids.team)))).toBe('forbidden');
    expect(codeOf(await as(ids.carol, 'ontologies.update', update(onto.teamPrivate, ids.team)))).toBe('not_found');
    expect(codeOf(await as(ids.carol, 'ontologies.delete', { id: onto.teamPublic, account_id: ids.team }))).toBe('forbidden');
    expect(codeOf(await as(ids.carol, 'ontologies.delete', { id: onto.teamPrivate, account_id: ids.team }))).toBe('not_found');
  });

  it('when the account_id is not the owning account then it is 422 on account_id, even for a member', async () => {
    const outcome = await as(ids.bob, 'ontologies.update', update(onto.teamPublic, ids.carolsAccount));
    expect(outcome).toMatchObject({ ok: false, code: 'validation_failed', fieldErrors: { account_id: [expect.stringContaining(ids.team)] } });
    expect(codeOf(await as(ids.bob, 'ontologies.delete', { id: onto.teamPublic, account_id: ids.carolsAccount }))).toBe('validation_failed');
  });

  it('when a member changes the ontology with the owning account (in any case) then it is changed', async () => {
    const changed = { ...update(onto.teamPublic, ids.team.toUpperCase()), source: `${TURTLE}ex:d ex:e ex:f .\n` };
    const outcome = await as(ids.bob, 'ontologies.update', changed);
    expect(outcome.ok && outcome.value.version).toBe('1.0.1');
  });

  it('when an outsider creates an ontology in an account that is not theirs then it is 422 on account_id and nothing is created', async () => {
    const outcome = await as(ids.carol, 'ontologies.create', { account_id: ids.team, title: 'Intruder', source: TURTLE, source_format: 'turtle' });
    expect(outcome).toMatchObject({ ok: false, code: 'validation_failed', fieldErrors: { account_id: expect.any(Array) } });
    expect(await db.prisma.ontology.count({ where: { title: 'Intruder' } })).toBe(0);
  });

  it('when a member deletes one of the account\'s ontologies then it is gone', async () => {
    const created = await as(ids.bob, 'ontologies.create', { account_id: ids.team, title: 'Short-lived', source: TURTLE, source_format: 'turtle' });
    const id = created.ok ? (created.value.id as string) : '';
    expect(await as(ids.bob, 'ontologies.delete', { id, account_id: ids.team })).toEqual({ ok: true, value: { deleted: true, id } });
    expect(codeOf(await as(ids.bob, 'ontologies.read', { id }))).toBe('not_found');
  });
});

describe('each write re-reads its caller in its own transaction', () => {
  it('when the token the caller came with is gone then the write is 401; with a live one it goes ahead', async () => {
    const live = serviceFor(ids.bob, undefined, { kind: 'api_token', id: ids.bobsToken });
    const revoked = serviceFor(ids.bob, undefined, { kind: 'api_token', id: uuidv7() });
    const input = { account_id: ids.team, title: 'Token check', source: TURTLE, source_format: 'turtle' as const };
    expect(codeOf(await call(revoked, 'ontologies.create', input))).toBe('unauthorized');
    expect(codeOf(await call(revoked, 'ontologies.update', { id: onto.teamPublic, account_id: ids.team, source: TURTLE, commit_message: 'x' }))).toBe(
      'unauthorized',
    );
    expect(codeOf(await call(live, 'ontologies.create', input))).toBe('ok');
  });

  it('when the membership was removed after the accounts were read then the write is refused as for a non-member', async () => {
    const dave = uuidv7();
    await createUser(db.prisma, { id: dave, email: `dave-${dave}@example.com`, name: 'Dave', passwordHash: 'x' });
    const membership = uuidv7();
    await insertMembership(db.prisma, { id: membership, accountId: ids.team, userId: dave, role: 'member' });
    const stale = serviceFor(dave, [ids.team]);
    await db.prisma.accountUser.delete({ where: { id: membership } });
    const input = { account_id: ids.team, title: 'After removal', source: TURTLE, source_format: 'turtle' as const };
    expect(codeOf(await call(stale, 'ontologies.create', input))).toBe('validation_failed');
    expect(codeOf(await call(stale, 'ontologies.update', { id: onto.teamPublic, account_id: ids.team, source: TURTLE, commit_message: 'x' }))).toBe(
      'forbidden',
    );
    expect(codeOf(await call(stale, 'ontologies.delete', { id: onto.teamPrivate, account_id: ids.team }))).toBe('not_found');
    expect(await db.prisma.ontology.count({ where: { id: onto.teamPrivate } })).toBe(1);
  });
});

describe('what /mcp asks before a tool runs', () => {
  it('when an API token is resolved then it names its token, user and accounts; an unknown token resolves to nothing', async () => {
    expect(await as(null, 'auth.resolveApiToken', { token: tokens.bob.token })).toEqual({
      ok: true,
      value: { token_id: ids.bobsToken, user_id: ids.bob, account_ids: [ids.team] },
    });
    expect(await as(null, 'auth.resolveApiToken', { token: generateApiToken().token })).toEqual({ ok: true, value: null });
  });

  it('when an API token is resolved for an agent then its last use is written, as for a REST call', async () => {
    await db.prisma.apiToken.update({ where: { id: ids.bobsToken }, data: { lastUsedAt: null } });
    const before = Date.now();
    expect(codeOf(await as(null, 'auth.resolveApiToken', { token: tokens.bob.token }))).toBe('ok');
    const { lastUsedAt } = await db.prisma.apiToken.findUniqueOrThrow({ where: { id: ids.bobsToken } });
    expect(lastUsedAt?.getTime()).toBeGreaterThanOrEqual(before - 1_000);
  });

  it('when a grant is asked about then it is active only when it exists, is current, is the user\'s and the token is not revoked', async () => {
    const grant = (id: string, accountId: string, expiresAt: Date | null) =>
      db.prisma.oidcPayload.create({ data: { id, type: 'Grant', payload: { accountId }, expiresAt } });
    await grant('g-live', ids.bob, null);
    await grant('g-later', ids.bob, new Date(Date.now() + 3_600_000));
    await grant('g-expired', ids.bob, new Date(Date.now() - 1_000));
    await db.prisma.oidcPayload.create({ data: { id: 'g-other-type', type: 'Session', payload: { accountId: ids.bob } } });
    await recordRevokedAccessToken(db.prisma, { jti: 'jti-revoked', accountId: ids.bob, clientId: 'c', grantId: 'g-live', expiresAt: new Date(Date.now() + 3_600_000) });
    const active = async (grantId: string, userId: string, jti = 'jti-fresh') => {
      const outcome = await as(null, 'auth.grantActive', { grant_id: grantId, user_id: userId, jti });
      // A refusal is not an answer: "not active" must come from the check, not from a failure.
      return outcome.ok ? outcome.value.active : outcome.code;
    };
    expect(await active('g-live', ids.bob)).toBe(true);
    expect(await active('g-later', ids.bob)).toBe(true);
    expect(await active('g-live', ids.bob, 'jti-revoked')).toBe(false);
    expect(await active('g-expired', ids.bob)).toBe(false);
    expect(await active('g-live', ids.carol)).toBe(false);
    expect(await active('g-other-type', ids.bob)).toBe(false);
    expect(await active('g-none', ids.bob)).toBe(false);
  });
});

describe('REST bearer authentication with API tokens', () => {
  /** Runs the middleware on a request with this Authorization header; what it passed on and set. */
  async function authenticateWith(authorization: string | undefined, at = new Date()) {
    const { req, res } = fakeExchange({ headers: authorization === undefined ? {} : { authorization } });
    let passed: unknown = 'not called';
    await authenticate({ db, now: () => at })(req, res, (error?: unknown) => void (passed = error));
    return { error: isAppError(passed) ? passed.code : passed, challenge: res.getHeader('www-authenticate'), res };
  }
  const lastUsed = async () => (await db.prisma.apiToken.findUniqueOrThrow({ where: { id: ids.bobsToken } })).lastUsedAt;

  it('when there is no bearer token, or it is malformed, then it is 401 without an invalid_token challenge', async () => {
    for (const header of [undefined, '', 'Basic abc', 'Bearer', `Bearer ${tokens.bob.token} extra`, `Bearer ${'a'.repeat(513)}`, `xBearer ${tokens.bob.token}`]) {
      const { error, challenge } = await authenticateWith(header);
      expect(error, String(header)).toBe('unauthorized');
      expect(challenge).toBeUndefined();
    }
  });

  it('when the token is unknown then it is 401 with an invalid_token challenge', async () => {
    const { error, challenge } = await authenticateWith(`Bearer ${generateApiToken().token}`);
    expect(error).toBe('unauthorized');
    expect(challenge).toBe('Bearer error="invalid_token"');
  });

  it('when the token is known (any case of Bearer, any spacing) then the request acts as its user with that token', async () => {
    for (const header of [`Bearer ${tokens.bob.token}`, `bearer   ${tokens.bob.token}  `]) {
      const { error, res } = await authenticateWith(header);
      expect(error).toBeUndefined();
      expect(authOf(res)).toMatchObject({ tokenId: ids.bobsToken, user: { id: ids.bob, name: 'Bob', otpEnabled: false } });
      expect(actorOf(res)).toEqual({ userId: ids.bob, credential: { kind: 'api_token', id: ids.bobsToken } });
    }
  });

  it('when nothing authenticated the request then asking who acts is 401', () => {
    expect(() => authOf(fakeExchange().res)).toThrow(expect.objectContaining({ code: 'unauthorized' }));
  });

  it('when a token is used then its last use is written, again only once more than a minute has passed', async () => {
    await db.prisma.apiToken.update({ where: { id: ids.bobsToken }, data: { lastUsedAt: null } });
    const first = new Date('2030-01-01T00:00:00Z');
    await authenticateWith(`Bearer ${tokens.bob.token}`, first);
    expect(await lastUsed()).toEqual(first);
    await authenticateWith(`Bearer ${tokens.bob.token}`, new Date(first.getTime() + 60_000));
    expect(await lastUsed()).toEqual(first);
    const later = new Date(first.getTime() + 60_001);
    await authenticateWith(`Bearer ${tokens.bob.token}`, later);
    expect(await lastUsed()).toEqual(later);
  });
});
