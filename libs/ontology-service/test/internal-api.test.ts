// The internal API on a real database, called the two ways the service is deployed: in process
// (the embedded /mcp: localServiceFactory) and over HTTP (the MCP gateway: the remote twin).
// Both must answer alike, errors included; every procedure of the contract must be in the
// router with its kind (the HTTP client picks GET or POST by it).
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { createHTTPServer } from '@trpc/server/adapters/standalone';
import { getProcedureAtPath } from '@trpc/server/unstable-core-do-not-import';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { ACTOR_HEADER, CREDENTIAL_HEADER, INTERNAL_API, parseCredential, type ServiceApi } from '@oms/contracts';
import { createAccount, createUser, insertApiToken, recordRevokedAccessToken, upsertOidcPayload } from '@oms/db';
import { createTestDatabase, testBackends, type TestDatabase } from '@oms/db/testing';
import { isAppError } from '@oms/domain';
import { createLogger } from '@oms/platform';
import { createInternalRouter, createServiceContext, generateApiToken, localServiceFactory, type InternalRouter } from '../src/index.js';
import { remoteServiceFactory } from '../src/remote.js';

type ServiceFor = (actorId: string | null) => ServiceApi;
type Transport = 'in process' | 'over HTTP';

const CONFIG = { baseUrl: 'http://service.test', registration: 'open', signUpLimit: 0, heavyWorkThreads: 0, heavyWorkHeapMiB: 256, heavyRequestsPerCaller: 2 } as const;

async function failureOf(pending: Promise<unknown>): Promise<{ code: string; fieldErrors: unknown }> {
  try {
    await pending;
  } catch (error) {
    if (isAppError(error)) return { code: error.code, fieldErrors: error.fieldErrors };
    throw error;
  }
  throw new Error('the call succeeded');
}

describe.each(testBackends())('the internal API on %s', (backend) => {
  let db: TestDatabase;
  let router: InternalRouter;
  let close: (() => Promise<void>) | undefined;
  const transports = new Map<Transport, ServiceFor>();
  const ids = { user: uuidv7(), other: uuidv7(), account: uuidv7(), token: uuidv7() };
  const token = generateApiToken();

  let settingUp: Promise<void> | undefined;
  const setUp = async (): Promise<void> => {
    db = await createTestDatabase({ backend });
    const ctx = createServiceContext({ config: CONFIG, db, logger: createLogger({ service: 'ontology-service', level: 'silent' }) });
    await createUser(db.prisma, { id: ids.user, email: `user-${ids.user}@example.com`, name: 'User', passwordHash: await ctx.hasher.hash('right password') });
    await createUser(db.prisma, { id: ids.other, email: `other-${ids.other}@example.com`, name: 'Other', passwordHash: 'x' });
    await createAccount(db.prisma, { id: ids.account, name: 'User', personal: true, ownerId: ids.user, membershipId: uuidv7() });
    await insertApiToken(db.prisma, { id: ids.token, userId: ids.user, name: 'agent', tokenHash: token.tokenHash });
    const grant = (id: string, accountId: string, expiresAt: Date | null) =>
      upsertOidcPayload(db.prisma, 'Grant', id, { payload: { accountId }, grantId: null, userCode: null, uid: null, expiresAt });
    await grant('grant-live', ids.user, null);
    await grant('grant-expired', ids.user, new Date(Date.now() - 1_000));
    await recordRevokedAccessToken(db.prisma, { jti: 'jti-revoked', accountId: ids.user, clientId: 'c', grantId: 'grant-live', expiresAt: new Date(Date.now() + 60_000) });

    router = createInternalRouter(ctx);
    transports.set('in process', localServiceFactory(router));
    const server = createHTTPServer({
      router,
      basePath: '/internal/trpc/',
      createContext: ({ req }) => {
        const actor = req.headers[ACTOR_HEADER];
        const credential = parseCredential(req.headers[CREDENTIAL_HEADER]);
        return { actorId: typeof actor === 'string' ? actor : null, ...(credential ? { credential } : {}) };
      },
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    transports.set('over HTTP', remoteServiceFactory({ restInternalUrl: `http://127.0.0.1:${port}`, internalToken: 'x'.repeat(32) }));
    close = async () => {
      server.close();
      await ctx.heavyWork.close();
    };
  };
  beforeEach(() => (settingUp ??= setUp()));
  afterAll(async () => {
    await close?.();
    await db?.dispose();
  });

  it('when the contract is read then the router has each of its procedures, with the same kind, and no other', async () => {
    for (const [name, contract] of Object.entries(INTERNAL_API)) {
      expect((await getProcedureAtPath(router, name))?._def.type, name).toBe(contract.kind);
    }
    expect(Object.keys(router._def.procedures).sort()).toEqual(Object.keys(INTERNAL_API).sort());
  });

  describe.each(['in process', 'over HTTP'] as const)('%s', (transport: Transport) => {
    const serviceFor: ServiceFor = (actorId) => {
      const factory = transports.get(transport);
      if (!factory) throw new Error('not set up');
      return factory(actorId);
    };

    it('when no user or an unknown user acts then the call is refused as unauthorized', async () => {
      expect((await failureOf(serviceFor(null).call('profile.read', {}))).code).toBe('unauthorized');
      expect((await failureOf(serviceFor(uuidv7()).call('profile.read', {}))).code).toBe('unauthorized');
      expect((await failureOf(serviceFor('not-a-uuid').call('accounts.list', {}))).code).toBe('unauthorized');
    });

    it('when the acting user exists then the call acts for them, whatever the case of their id', async () => {
      expect(await serviceFor(ids.user.toUpperCase()).call('profile.read', {})).toMatchObject({ name: 'User' });
      expect((await serviceFor(ids.user).call('accounts.list', {})).accounts.map((account) => account.id)).toEqual([ids.account]);
    });

    it('when an input fails its schema then the answer is a validation error naming the field', async () => {
      const failure = await failureOf(serviceFor(ids.user).call('ontologies.read', { id: 'nope' }));
      expect(failure.code).toBe('validation_failed');
      expect(failure.fieldErrors).toHaveProperty('id');
    });

    it('when a use case refuses then its AppError comes back with its code', async () => {
      expect((await failureOf(serviceFor(ids.user).call('ontologies.read', { id: uuidv7() }))).code).toBe('not_found');
    });

    it('when a token is resolved then its user and accounts come back, and an unknown token is no one', async () => {
      expect(await serviceFor(null).call('auth.resolveApiToken', { token: token.token })).toEqual({ token_id: ids.token, user_id: ids.user, account_ids: [ids.account] });
      expect(await serviceFor(null).call('auth.resolveApiToken', { token: generateApiToken().token })).toBeNull();
    });

    it("when a grant is checked then only a live grant of the token's user with an unrevoked jti is active", async () => {
      const active = async (grantId: string, userId: string, jti: string) =>
        (await serviceFor(null).call('auth.grantActive', { grant_id: grantId, user_id: userId, jti })).active;
      expect(await active('grant-live', ids.user, 'jti-fresh')).toBe(true);
      expect(await active('grant-live', ids.other, 'jti-fresh')).toBe(false);
      expect(await active('grant-expired', ids.user, 'jti-fresh')).toBe(false);
      expect(await active('grant-missing', ids.user, 'jti-fresh')).toBe(false);
      expect(await active('grant-live', ids.user, 'jti-revoked')).toBe(false);
    });

    it('when a user is looked up then any case of the id finds them and a malformed id finds no one', async () => {
      expect(await serviceFor(null).call('users.find', { user_id: ids.user.toUpperCase() })).toEqual({ id: ids.user, email: `user-${ids.user}@example.com`, name: 'User' });
      expect(await serviceFor(null).call('users.find', { user_id: '-'.repeat(36) })).toBeNull();
    });

    it('when credentials are checked then the right password names the user and a wrong one is refused', async () => {
      const check = (password: string) => serviceFor(null).call('auth.checkCredentials', { email: `user-${ids.user}@example.com`, password });
      expect(await check('right password')).toEqual({ user_id: ids.user });
      expect(await check('wrong password')).toEqual({ refused: 'credentials' });
    });

    it('when the terms procedures run then they answer the acting user\'s terms by offset and limit, and an unknown term is not_found', async () => {
      const user = serviceFor(ids.user);
      const accountId = ids.account;
      const source = `@prefix owl: <http://www.w3.org/2002/07/owl#> .\n@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .\n@prefix ex: <http://example.org/t#> .\n` +
        `ex:Root a owl:Class ; rdfs:label "${transport} root" .\n` +
        ['a', 'b', 'c'].map((name) => `ex:${name} a owl:Class ; rdfs:label "${transport} leaf ${name}" ; rdfs:subClassOf ex:Root .`).join('\n') + '\n';
      const created = await user.call('ontologies.create', { account_id: accountId, title: `Terms ${transport}`, source, source_format: 'turtle', visibility: 'is_private' });
      const found = await user.call('terms.search', { query: `${transport} leaf`, limit: 2, offset: 1 });
      expect(found).toMatchObject({ total: 3, limit: 2, offset: 1, has_more: false });
      expect(found.terms.map((term) => term.label)).toEqual([`${transport} leaf b`, `${transport} leaf c`]);
      expect((await serviceFor(ids.other).call('terms.search', { query: `${transport} leaf` })).terms).toEqual([]);
      const read = await user.call('terms.read', { ontology_id: created.id, iri: 'http://example.org/t#b', version: '1.0.0' });
      expect(read).toMatchObject({ parents: [{ iri: 'http://example.org/t#Root', label: `${transport} root` }], children_count: 0 });
      const children = await user.call('terms.children', { ontology_id: created.id, iri: 'http://example.org/t#Root', limit: 1, offset: 2 });
      expect(children).toMatchObject({ total: 3, has_more: false, terms: [{ iri: 'http://example.org/t#c' }] });
      expect((await user.call('terms.history', { ontology_id: created.id, iri: 'http://example.org/t#a' })).changes).toMatchObject([{ change: 'added', version: '1.0.0' }]);
      expect((await failureOf(user.call('terms.read', { ontology_id: created.id, iri: 'http://example.org/t#z' }))).code).toBe('not_found');
      expect((await failureOf(serviceFor(ids.other).call('terms.history', { ontology_id: created.id, iri: 'http://example.org/t#a' }))).code).toBe('not_found');
    });

    it("when the settings procedures run then they show and change the acting user's own tokens", async () => {
      const user = serviceFor(ids.user);
      const created = await user.call('settings.createToken', { name: `made ${transport}` });
      expect(Object.keys(created).sort()).toEqual(['name', 'token']);
      const listed = (await user.call('settings.tokens', {})).tokens;
      const made = listed.find((row) => row.name === `made ${transport}`);
      expect(made).toBeDefined();
      expect((await serviceFor(ids.other).call('settings.tokens', {})).tokens).toEqual([]);
      expect(await serviceFor(ids.other).call('settings.revokeToken', { id: made?.id ?? '' })).toEqual({ revoked: false });
      expect(await user.call('settings.revokeToken', { id: made?.id ?? '' })).toEqual({ revoked: true });
      expect(await user.call('settings.twoFactor', {})).toEqual({ enabled: false });
    });
  });
});
