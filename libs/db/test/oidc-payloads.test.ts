// The OAuth state repository on both back ends: whose grants and sessions each deletion takes
// (and that it leaves everybody else's), the single use of codes, and a grant's user while it lives.
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import {
  consumeOidcPayload,
  deleteGrantWithTokens,
  deleteOidcSessionsOfUser,
  deleteOidcStateOfUser,
  liveGrantUserId,
  upsertOidcPayload,
} from '../src/index.js';
import { createTestDatabase, testBackends, type TestDatabase } from '../src/testing.js';

const ALICE = 'alice';
const BOB = 'bob';

describe.each(testBackends())('the oidc payloads repository on %s', (backend) => {
  let db: TestDatabase;
  let settingUp: Promise<void> | undefined;
  beforeEach(() => (settingUp ??= createTestDatabase({ backend }).then((created) => void (db = created))));
  beforeEach(async () => {
    await db.prisma.oidcPayload.deleteMany({});
    const row = (type: string, id: string, accountId: string | null, grantId: string | null = null, expiresAt: Date | null = null) =>
      upsertOidcPayload(db.prisma, type, id, { payload: accountId ? { accountId } : {}, grantId, userCode: null, uid: null, expiresAt });
    await row('Grant', 'g-alice', ALICE);
    await row('Grant', 'g-alice-old', ALICE, null, new Date(Date.now() - 1_000));
    await row('Grant', 'g-bob', BOB);
    // Codes and tokens name their grant; not every one of them names the user.
    await row('AuthorizationCode', 'code-alice', null, 'g-alice');
    await row('RefreshToken', 'refresh-alice', ALICE, 'g-alice');
    await row('RefreshToken', 'refresh-bob', BOB, 'g-bob');
    await row('Session', 's-alice', ALICE);
    await row('Session', 's-bob', BOB);
  });
  afterAll(async () => {
    await db?.dispose();
  });

  const remaining = async () => (await db.prisma.oidcPayload.findMany({ select: { id: true } })).map((row) => row.id).sort();

  it("when a user is deleted then their grants, sessions and every row of their grants go, and nobody else's", async () => {
    await deleteOidcStateOfUser(db.prisma, ALICE);
    expect(await remaining()).toEqual(['g-bob', 'refresh-bob', 's-bob']);
  });

  it("when a user's password changes then only their sessions end", async () => {
    await deleteOidcSessionsOfUser(db.prisma, ALICE);
    expect(await remaining()).not.toContain('s-alice');
    expect(await remaining()).toHaveLength(7);
  });

  it('when a grant is revoked then its codes and tokens go with it', async () => {
    await deleteGrantWithTokens(db.prisma, 'g-alice');
    expect(await remaining()).toEqual(['g-alice-old', 'g-bob', 'refresh-bob', 's-alice', 's-bob']);
  });

  it('when a code is consumed twice then only the first use counts', async () => {
    expect(await consumeOidcPayload(db.prisma, 'AuthorizationCode', 'code-alice')).toBe(true);
    expect(await consumeOidcPayload(db.prisma, 'AuthorizationCode', 'code-alice')).toBe(false);
    expect(await consumeOidcPayload(db.prisma, 'AuthorizationCode', 'missing')).toBe(false);
  });

  it("when a grant's user is asked then a live grant names them and an expired or missing one nobody", async () => {
    expect(await liveGrantUserId(db.prisma, 'g-alice')).toBe(ALICE);
    expect(await liveGrantUserId(db.prisma, 'g-alice-old')).toBeNull();
    expect(await liveGrantUserId(db.prisma, 'missing')).toBeNull();
    // A session is not a grant, even under a grant's id.
    expect(await liveGrantUserId(db.prisma, 's-alice')).toBeNull();
  });
});
