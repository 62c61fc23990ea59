// API tokens on a real database: made and revoked only by their own user (inside a write that
// re-reads the caller's credential), resolved by their hash, and their last use written at
// most once a minute.
import { describe, expect, it } from 'vitest';
import { findApiTokenActor } from '@oms/db';
import { testBackends } from '@oms/db/testing';
import { createApiToken, hashApiToken, recordUse, revokeApiToken } from '../src/index.js';
import { codeOf, seedUser, useServiceContext } from './support/service-fixture.js';

describe.each(testBackends())('API tokens on %s', (backend) => {
  const fixture = useServiceContext(backend);
  const resolve = (token: string) => findApiTokenActor(fixture.db.sql, hashApiToken(token));
  const lastUsed = async (id: string) => (await fixture.db.prisma.apiToken.findUniqueOrThrow({ where: { id } })).lastUsedAt;

  it('when a user creates a token then its secret is answered once, only its hash is stored, and it resolves to that user', async () => {
    const user = await seedUser(fixture.ctx);
    const issued = await createApiToken(fixture.ctx, user.actor, 'laptop');
    expect(issued).toMatchObject({ name: 'laptop', token: expect.stringMatching(/^oms_[A-Za-z0-9_-]{43}$/) });
    const row = await fixture.db.prisma.apiToken.findUniqueOrThrow({ where: { id: issued.id } });
    expect(row).toMatchObject({ userId: user.id, tokenHash: hashApiToken(issued.token) });
    expect(JSON.stringify(row)).not.toContain(issued.token);
    expect(await resolve(issued.token)).toEqual({ tokenId: issued.id, userId: user.id, accountIds: [user.personalAccountId], lastUsedAt: null });
  });

  it('when the token a request came with was revoked then creating another is 401 and mints nothing', async () => {
    const user = await seedUser(fixture.ctx);
    await fixture.db.prisma.apiToken.delete({ where: { id: user.tokenId } });
    expect(await codeOf(createApiToken(fixture.ctx, user.actor, 'after revocation'))).toBe('unauthorized');
    expect(await fixture.db.prisma.apiToken.count({ where: { userId: user.id } })).toBe(0);
  });

  it('when a user revokes their own token (its id in any case) then it is gone and resolves to nothing', async () => {
    const user = await seedUser(fixture.ctx);
    const issued = await createApiToken(fixture.ctx, user.actor, 'old');
    expect(await revokeApiToken(fixture.ctx, user.actor, issued.id.toUpperCase())).toBe(true);
    expect(await resolve(issued.token)).toBeNull();
    expect(await revokeApiToken(fixture.ctx, user.actor, issued.id)).toBe(false);
  });

  it("when a user revokes another user's token then it is refused (false) and the token still resolves", async () => {
    const [user, other] = [await seedUser(fixture.ctx, 'User'), await seedUser(fixture.ctx, 'Other')];
    expect(await revokeApiToken(fixture.ctx, user.actor, other.tokenId)).toBe(false);
    expect(await resolve(other.token)).toMatchObject({ tokenId: other.tokenId, userId: other.id });
  });

  it('when the id is not a uuid then revoking answers false; with a revoked credential it is 401 and the token stays', async () => {
    const user = await seedUser(fixture.ctx);
    expect(await revokeApiToken(fixture.ctx, user.actor, 'not-a-uuid')).toBe(false);
    expect(await revokeApiToken(fixture.ctx, user.actor, `${user.tokenId}0`)).toBe(false);
    expect(await revokeApiToken(fixture.ctx, user.actor, `x${user.tokenId}`)).toBe(false);
    const spare = await createApiToken(fixture.ctx, user.actor, 'spare');
    await fixture.db.prisma.apiToken.delete({ where: { id: user.tokenId } });
    expect(await codeOf(revokeApiToken(fixture.ctx, user.actor, spare.id))).toBe('unauthorized');
    expect(await resolve(spare.token)).not.toBeNull();
  });

  it('when a token is used then its last use is written, again only once more than a minute has passed', async () => {
    const user = await seedUser(fixture.ctx);
    const first = new Date('2030-01-01T00:00:00Z');
    await recordUse(fixture.db, user.tokenId, null, first);
    expect(await lastUsed(user.tokenId)).toEqual(first);
    await recordUse(fixture.db, user.tokenId, first, new Date(first.getTime() + 60_000));
    expect(await lastUsed(user.tokenId)).toEqual(first);
    const later = new Date(first.getTime() + 60_001);
    await recordUse(fixture.db, user.tokenId, first, later);
    expect(await lastUsed(user.tokenId)).toEqual(later);
    expect((await resolve(user.token))?.lastUsedAt).toEqual(later);
  });
});
