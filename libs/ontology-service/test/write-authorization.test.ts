// authorizedWrite and reauthorize on a real database: the caller's credential, user and
// membership are read again as the first step of the write's own transaction, so whatever
// changed since the request was authenticated (a revoked token, a deleted user, a removed
// member, a downgraded role) stops the write before its work runs.
import { describe, expect, it } from 'vitest';
import { AppError } from '@oms/domain';
import { testBackends } from '@oms/db/testing';
import { authorizedWrite, deleteUser, reauthorize, WRITE_TX, type Actor } from '../src/index.js';
import { codeOf, deferred, seedTeam, seedUser, useServiceContext, type SeededUser } from './support/service-fixture.js';

describe.each(testBackends())('authorizedWrite on %s', (backend) => {
  const fixture = useServiceContext(backend);

  /** Runs a write whose work only records that it ran; answers the refusal code (or 'ok') and whether it ran. */
  async function write(actor: Actor, requirement: Parameters<typeof authorizedWrite>[2] = {}) {
    let ran = false;
    const code = await codeOf(
      authorizedWrite(fixture.ctx.db.prisma, actor, requirement, async () => {
        ran = true;
      }),
    );
    return { code, ran };
  }

  async function teamOf(role: 'admin' | 'member'): Promise<{ owner: SeededUser; member: SeededUser; team: string }> {
    const [owner, member] = [await seedUser(fixture.ctx, 'Owner'), await seedUser(fixture.ctx, 'Member')];
    return { owner, member, team: await seedTeam(fixture.ctx, owner, [[member, role]]) };
  }

  it('when the token, user and membership are live then the work runs with the accounts, the account and the role as read in its transaction', async () => {
    const { member, team } = await teamOf('member');
    const access = await authorizedWrite(fixture.ctx.db.prisma, member.actor, { accountId: team }, async (tx, read) => {
      // The work runs in the same transaction: it sees what it wrote there.
      await tx.account.update({ where: { id: team }, data: { name: 'Renamed in the write' } });
      return { ...read, name: (await tx.account.findUniqueOrThrow({ where: { id: team } })).name };
    });
    expect(access.memberOf.sort()).toEqual([member.personalAccountId, team].sort());
    expect(access.account).toEqual({ id: team, ownerId: expect.any(String), personal: false });
    expect(access.role).toBe('member');
    expect(access.name).toBe('Renamed in the write');
  });

  it('when no account is named then any live user may write and no role is reported', async () => {
    const user = await seedUser(fixture.ctx);
    const access = await authorizedWrite(fixture.ctx.db.prisma, user.actor, {}, async (_tx, read) => read);
    expect(access).toEqual({ memberOf: [user.personalAccountId], account: null, role: undefined });
    expect(await reauthorize(fixture.ctx.db.prisma, user.actor)).toEqual(access);
  });

  it('when the token was revoked after the request was authenticated then the write is 401 and its work never runs', async () => {
    const user = await seedUser(fixture.ctx);
    await fixture.db.prisma.apiToken.delete({ where: { id: user.tokenId } });
    expect(await write(user.actor)).toEqual({ code: 'unauthorized', ran: false });
    expect(await write(user.actor, { accountId: user.personalAccountId })).toEqual({ code: 'unauthorized', ran: false });
  });

  it("when the token is another user's then the write is 401", async () => {
    const [user, other] = [await seedUser(fixture.ctx), await seedUser(fixture.ctx)];
    expect(await write({ userId: user.id, credential: { kind: 'api_token', id: other.tokenId } })).toEqual({ code: 'unauthorized', ran: false });
  });

  it('when the user was deleted then the write is 401, even for an internal caller without a credential', async () => {
    const user = await seedUser(fixture.ctx);
    await deleteUser(fixture.ctx, user.actor);
    expect(await fixture.db.prisma.user.count({ where: { id: user.id } })).toBe(0);
    expect(await write(user.actor)).toEqual({ code: 'unauthorized', ran: false });
    expect(await write({ userId: user.id, credential: null })).toEqual({ code: 'unauthorized', ran: false });
  });

  it('when the member was removed then the write to that account is refused as for a non-member (404, or the answer the write names)', async () => {
    const { member, team } = await teamOf('member');
    await fixture.db.prisma.accountUser.deleteMany({ where: { accountId: team, userId: member.id } });
    expect(await write(member.actor, { accountId: team })).toEqual({ code: 'not_found', ran: false });
    const notMember = AppError.validation({ account_id: ['is not an account you belong to'] });
    expect(await write(member.actor, { accountId: team, notMember })).toEqual({ code: 'validation_failed', ran: false });
    // Writes that name no account still go ahead.
    expect(await write(member.actor)).toEqual({ code: 'ok', ran: true });
  });

  it('when the account is gone then the write to it is 404', async () => {
    const { owner, team } = await teamOf('member');
    await fixture.db.prisma.account.delete({ where: { id: team } });
    expect(await write(owner.actor, { accountId: team })).toEqual({ code: 'not_found', ran: false });
  });

  it('when an admin was downgraded to member then an admin-only write is 403 (or the answer it names), a member write goes ahead', async () => {
    const { member, team } = await teamOf('admin');
    expect(await write(member.actor, { accountId: team, role: 'admin' })).toEqual({ code: 'ok', ran: true });
    await fixture.db.prisma.accountUser.updateMany({ where: { accountId: team, userId: member.id }, data: { role: 'member' } });
    expect(await write(member.actor, { accountId: team, role: 'admin' })).toEqual({ code: 'forbidden', ran: false });
    const notAdmin = new AppError('forbidden', { message: 'Only admins of this account can add members.' });
    await expect(authorizedWrite(fixture.ctx.db.prisma, member.actor, { accountId: team, role: 'admin', notAdmin }, async () => 'ran')).rejects.toBe(notAdmin);
    expect(await write(member.actor, { accountId: team })).toEqual({ code: 'ok', ran: true });
  });

  it('when the work fails then nothing it wrote stays', async () => {
    const user = await seedUser(fixture.ctx, 'Before');
    const failing = authorizedWrite(fixture.ctx.db.prisma, user.actor, {}, async (tx) => {
      await tx.user.update({ where: { id: user.id }, data: { name: 'After' } });
      throw new AppError('conflict');
    });
    expect(await codeOf(failing)).toBe('conflict');
    expect((await fixture.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).name).toBe('Before');
  });

  it('when a revocation comes while the write holds its transaction then it waits for the write, which goes ahead', async () => {
    const user = await seedUser(fixture.ctx);
    const order: string[] = [];
    const [held, inside] = [deferred(), deferred()];
    const writing = authorizedWrite(fixture.ctx.db.prisma, user.actor, {}, async () => {
      inside.resolve();
      await held.promise;
      order.push('write');
    });
    await inside.promise;
    const revoking = fixture.db.prisma.apiToken.deleteMany({ where: { id: user.tokenId } }).then(() => order.push('revoke'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    held.resolve();
    await Promise.all([writing, revoking]);
    expect(order).toEqual(['write', 'revoke']);
    expect(await write(user.actor)).toEqual({ code: 'unauthorized', ran: false });
  });

  it('when an account is locked for a change of its members then another write to that account waits for it', async () => {
    const { owner, member, team } = await teamOf('member');
    const order: string[] = [];
    const [held, inside] = [deferred(), deferred()];
    const changing = authorizedWrite(fixture.ctx.db.prisma, owner.actor, { accountId: team, accountLock: 'update' }, async () => {
      inside.resolve();
      await held.promise;
      order.push('members changed');
    });
    await inside.promise;
    const other = authorizedWrite(fixture.ctx.db.prisma, member.actor, { accountId: team }, async () => void order.push('other write'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    held.resolve();
    await Promise.all([changing, other]);
    expect(order).toEqual(['members changed', 'other write']);
  });

  it('when the write transaction is opened then it may wait 15 s for a connection and run 30 s (a large source is checked inside)', () => {
    expect(WRITE_TX).toEqual({ maxWait: 15_000, timeout: 30_000 });
  });
});
