// lockWriteAccess on both back ends, through Prisma and through the plain SQL runner: what
// it reports for live, revoked, foreign and expired credentials, missing users and accounts,
// and (PostgreSQL) that its locks make a revocation or a member's removal wait for the write.
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { createAccount, createUser, insertApiToken, lockWriteAccess, type WriteAccessQuery } from '../src/index.js';
import { createTestDatabase, testBackends, type TestDatabase } from '../src/testing.js';

const backends = testBackends();

describe.each(backends)('lockWriteAccess on %s', (backend) => {
  let db: TestDatabase;
  const ids = { user: uuidv7(), other: uuidv7(), account: uuidv7(), token: uuidv7(), otherToken: uuidv7() };
  // In beforeEach, once: a setup that fails then fails every test (a failing beforeAll only skips them,
  // which the mutation run would count as a surviving mutant).
  let settingUp: Promise<void> | undefined;
  const setUp = async (): Promise<void> => {
    db = await createTestDatabase({ backend });
    for (const [id, email] of [[ids.user, 'writer@example.com'], [ids.other, 'other@example.com']] as const) {
      await createUser(db.prisma, { id, email, name: 'W', passwordHash: 'x' });
    }
    await createAccount(db.prisma, { id: ids.account, name: 'Team', personal: false, ownerId: ids.user, membershipId: uuidv7() });
    await insertApiToken(db.prisma, { id: ids.token, userId: ids.user, name: 't', tokenHash: 'h1' });
    await insertApiToken(db.prisma, { id: ids.otherToken, userId: ids.other, name: 't', tokenHash: 'h2' });
    const grant = (id: string, accountId: string, expiresAt: Date | null) =>
      db.prisma.oidcPayload.create({ data: { id, type: 'Grant', payload: { accountId }, expiresAt } });
    await grant('grant-live', ids.user, null);
    await grant('grant-later', ids.user, new Date(Date.now() + 3_600_000));
    await grant('grant-expired', ids.user, new Date(Date.now() - 1_000));
    await grant('grant-other', ids.other, null);
  };
  beforeEach(() => (settingUp ??= setUp()));
  afterAll(async () => {
    await db?.dispose();
  });

  const read = (query: Partial<WriteAccessQuery>, through: 'prisma' | 'sql' = 'prisma') => {
    const full = { userId: ids.user, credential: null, ...query };
    if (through === 'prisma') return db.prisma.$transaction((tx) => lockWriteAccess(tx, full));
    let result: Awaited<ReturnType<typeof lockWriteAccess>> | undefined;
    return db.sql.transaction(async (tx) => {
      result = await lockWriteAccess(tx, full);
    }).then(() => result);
  };

  it.each(['prisma', 'sql'] as const)('when the user, token and account are live then all is reported, through %s', async (through) => {
    expect(await read({ credential: { kind: 'api_token', id: ids.token }, accountId: ids.account }, through)).toEqual({
      credentialActive: true,
      userExists: true,
      account: { id: ids.account, ownerId: ids.user, personal: false },
      memberships: [{ accountId: ids.account, role: 'admin' }],
    });
  });

  it('when no credential is named then only the user counts', async () => {
    expect(await read({})).toMatchObject({ credentialActive: true, userExists: true, account: null });
  });

  it.each([
    ["another user's token", { kind: 'api_token', id: ids.otherToken }],
    ['an unknown token', { kind: 'api_token', id: uuidv7() }],
    ['a token id that is no uuid', { kind: 'api_token', id: 'not-a-uuid' }],
    ['an expired grant', { kind: 'oauth_grant', id: 'grant-expired' }],
    ["another user's grant", { kind: 'oauth_grant', id: 'grant-other' }],
    ['an unknown grant', { kind: 'oauth_grant', id: 'grant-none' }],
  ] as const)('when the credential is %s then it is not active', async (_label, credential) => {
    expect(await read({ credential })).toMatchObject({ credentialActive: false, userExists: true });
  });

  it.each(['grant-live', 'grant-later'])('when the grant %s is current then it is active', async (id) => {
    expect(await read({ credential: { kind: 'oauth_grant', id } })).toMatchObject({ credentialActive: true });
  });

  it('when the user does not exist then nothing of theirs is active', async () => {
    expect(await read({ userId: uuidv7(), credential: { kind: 'api_token', id: ids.token } })).toEqual({
      credentialActive: false,
      userExists: false,
      account: null,
      memberships: [],
    });
    expect(await read({ userId: 'not-a-uuid' })).toMatchObject({ userExists: false });
  });

  it('when an id holds a uuid with more around it then it counts as no uuid (nothing is read, nothing fails)', async () => {
    expect(await read({ userId: `x${ids.user}` })).toMatchObject({ userExists: false });
    expect(await read({ userId: `${ids.user}x` })).toMatchObject({ userExists: false });
    expect(await read({ accountId: `x${ids.account}` })).toMatchObject({ account: null, userExists: true });
    expect(await read({ accountId: `${ids.account}x` })).toMatchObject({ account: null, userExists: true });
    expect(await read({ credential: { kind: 'api_token', id: `x${ids.token}` } })).toMatchObject({ credentialActive: false });
    expect(await read({ credential: { kind: 'api_token', id: `${ids.token}x` } })).toMatchObject({ credentialActive: false });
  });

  it('when the account does not exist (or the id is no uuid) then it is reported missing', async () => {
    expect(await read({ accountId: uuidv7(), accountLock: 'update' })).toMatchObject({ account: null, userExists: true });
    expect(await read({ accountId: 'nope' })).toMatchObject({ account: null });
  });

  it('when the other user is read then their memberships are theirs (none)', async () => {
    expect(await read({ userId: ids.other, accountId: ids.account })).toMatchObject({ memberships: [], account: { id: ids.account } });
  });

  // Lock waits exist only on PostgreSQL (PGlite runs one transaction at a time): no skipped test on PGlite.
  if (backend === 'postgres') {
    it('when a write holds its locks then revoking its token and locking its account FOR UPDATE wait for it', async () => {
      const order: string[] = [];
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      let locked: () => void = () => undefined;
      const haveLocks = new Promise<void>((resolve) => (locked = resolve));
      const write = db.prisma.$transaction(async (tx) => {
        await lockWriteAccess(tx, { userId: ids.user, credential: { kind: 'api_token', id: ids.token }, accountId: ids.account });
        locked();
        await held;
        order.push('write committed');
      });
      await haveLocks;
      const revoke = db.sql.query('DELETE FROM "api_tokens" WHERE "id" = $1::uuid', [ids.token]).then(() => order.push('token revoked'));
      const memberChange = db.sql
        .transaction(async (tx) => {
          await tx.query('SELECT 1 FROM "accounts" WHERE "id" = $1::uuid FOR UPDATE', [ids.account]);
        })
        .then(() => order.push('account locked'));
      // A plain update of the token (its last use) does not wait.
      await db.sql.query('UPDATE "api_tokens" SET "last_used_at" = now() WHERE "id" = $1::uuid', [ids.token]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      order.push('released');
      release();
      await Promise.all([write, revoke, memberChange]);
      expect(order.slice(0, 2)).toEqual(['released', 'write committed']);
      expect(order).toHaveLength(4);
    });
  }
});
