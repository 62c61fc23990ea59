// The account use cases on a real database: sign-up and sign-in, team accounts, and adding
// and removing members (admins manage members, anyone may leave, the owner stays).
import { describe, expect, it } from 'vitest';
import { testBackends } from '@oms/db/testing';
import { addAccountMember, createTeamAccount, removeAccountMember, signIn, signUp } from '../src/index.js';
import { codeOf, seedTeam, seedUser, useServiceContext } from './support/service-fixture.js';

const PASSWORD = 'correct horse battery';
const signUpInput = (email: string, confirmation = PASSWORD) => ({ user: { email, password: PASSWORD, password_confirmation: confirmation, name: 'Ada' } });
let nextAddress = 1;
/** A documentation address (RFC 5737) of its own, so each test has its own limiter counters. */
const freshAddress = () => `192.0.2.${nextAddress++}`;

describe.each(testBackends())('sign-up and sign-in on %s', (backend) => {
  const fixture = useServiceContext(backend);
  const closed = useServiceContext(backend, { registration: 'closed' });

  it('when a user signs up then the user, a personal account they own as admin and a first token exist', async () => {
    const email = `ada-${freshAddress()}@example.com`;
    const created = await signUp(fixture.ctx, signUpInput(email), freshAddress());
    expect(created.user).toMatchObject({ email, name: 'Ada', api_tokens: [{ name: 'Created at sign-up', token: expect.stringMatching(/^oms_/) }] });
    const accounts = await fixture.db.prisma.account.findMany({ where: { ownerId: created.user.id }, include: { accountUsers: true } });
    expect(accounts).toMatchObject([{ personal: true, name: 'Ada', accountUsers: [{ userId: created.user.id, role: 'admin' }] }]);
    expect(await fixture.db.prisma.apiToken.count({ where: { userId: created.user.id } })).toBe(1);
  });

  it('when the e-mail is taken, the passwords differ or sign-up is closed then it is refused and no user is made', async () => {
    const email = `taken-${freshAddress()}@example.com`;
    await signUp(fixture.ctx, signUpInput(email), freshAddress());
    await expect(signUp(fixture.ctx, signUpInput(email), freshAddress())).rejects.toMatchObject({ fieldErrors: { email: ['has already been taken'] } });
    const other = `other-${freshAddress()}@example.com`;
    await expect(signUp(fixture.ctx, signUpInput(other, 'something else entirely'), freshAddress())).rejects.toMatchObject({
      code: 'validation_failed',
      fieldErrors: { password_confirmation: expect.any(Array) },
    });
    expect(await codeOf(signUp(closed.ctx, signUpInput(other), freshAddress()))).toBe('registration_closed');
    expect(await fixture.db.prisma.user.count({ where: { email: other } })).toBe(0);
    expect(await closed.db.prisma.user.count()).toBe(0);
  });

  it('when the e-mail and password are right then sign-in issues a new token of that user; a wrong password or an unknown e-mail is 401', async () => {
    const email = `signin-${freshAddress()}@example.com`;
    const created = await signUp(fixture.ctx, signUpInput(email), freshAddress());
    const { token } = await signIn(fixture.ctx, { email: ` ${email} `, password: PASSWORD }, freshAddress());
    expect(token).toMatch(/^oms_/);
    expect(token).not.toBe(created.user.api_tokens[0]?.token);
    expect(await fixture.db.prisma.apiToken.count({ where: { userId: created.user.id } })).toBe(2);
    expect(await codeOf(signIn(fixture.ctx, { email, password: `${PASSWORD}!` }, freshAddress()))).toBe('unauthorized');
    expect(await codeOf(signIn(fixture.ctx, { email: `nobody-${email}`, password: PASSWORD }, freshAddress()))).toBe('unauthorized');
    expect(await fixture.db.prisma.apiToken.count({ where: { userId: created.user.id } })).toBe(2);
  });
});

describe.each(testBackends())('team accounts and their members on %s', (backend) => {
  const fixture = useServiceContext(backend);

  async function team() {
    const [owner, admin, member, outsider] = [
      await seedUser(fixture.ctx, 'Owner'),
      await seedUser(fixture.ctx, 'Admin'),
      await seedUser(fixture.ctx, 'Member'),
      await seedUser(fixture.ctx, 'Outsider'),
    ];
    return { owner, admin, member, outsider, id: await seedTeam(fixture.ctx, owner, [[admin, 'admin'], [member, 'member']]) };
  }
  const rolesIn = async (accountId: string) =>
    Object.fromEntries((await fixture.db.prisma.accountUser.findMany({ where: { accountId } })).map((row) => [row.userId, row.role]));

  it('when a user creates a team account then they own it as its only admin', async () => {
    const user = await seedUser(fixture.ctx);
    const account = await createTeamAccount(fixture.ctx, user.actor, { account: { name: 'Research' } });
    expect(account).toMatchObject({ name: 'Research', personal: false, ownerId: user.id });
    expect(await rolesIn(account.id)).toEqual({ [user.id]: 'admin' });
  });

  it('when an admin adds a user by e-mail or id then they are a member with the role given; twice is 422', async () => {
    const { admin, outsider, id } = await team();
    const email = (await fixture.db.prisma.user.findUniqueOrThrow({ where: { id: outsider.id } })).email;
    await addAccountMember(fixture.ctx, admin.actor, id, { account_user: { email, role: 'member' } });
    expect((await rolesIn(id))[outsider.id]).toBe('member');
    const again = addAccountMember(fixture.ctx, admin.actor, id, { account_user: { user_id: outsider.id, role: 'admin' } });
    await expect(again).rejects.toMatchObject({ fieldErrors: { user_id: ['is already a member of this account'] } });
    const newcomer = await seedUser(fixture.ctx, 'Newcomer');
    await addAccountMember(fixture.ctx, admin.actor, id, { account_user: { user_id: newcomer.id, role: 'admin' } });
    expect((await rolesIn(id))[newcomer.id]).toBe('admin');
  });

  it('when a plain member or an outsider adds someone then it is 403 and 404; a personal account or an unknown user is 422', async () => {
    const { owner, member, outsider, id } = await team();
    const input = { account_user: { user_id: outsider.id, role: 'member' as const } };
    expect(await codeOf(addAccountMember(fixture.ctx, member.actor, id, input))).toBe('forbidden');
    expect(await codeOf(addAccountMember(fixture.ctx, outsider.actor, id, input))).toBe('not_found');
    await expect(addAccountMember(fixture.ctx, owner.actor, owner.personalAccountId, input)).rejects.toMatchObject({ fieldErrors: { base: expect.any(Array) } });
    const unknown = { account_user: { email: 'nobody@example.com', role: 'member' as const } };
    await expect(addAccountMember(fixture.ctx, owner.actor, id, unknown)).rejects.toMatchObject({ fieldErrors: { email: ['does not belong to any user'] } });
    expect((await rolesIn(id))[outsider.id]).toBeUndefined();
  });

  it('when an admin removes a member, or a member leaves, then the membership is gone', async () => {
    const { admin, member, outsider, id } = await team();
    await addAccountMember(fixture.ctx, admin.actor, id, { account_user: { user_id: outsider.id, role: 'member' } });
    await removeAccountMember(fixture.ctx, admin.actor, id, { userId: member.id });
    const outsiderMembership = await fixture.db.prisma.accountUser.findFirstOrThrow({ where: { accountId: id, userId: outsider.id } });
    await removeAccountMember(fixture.ctx, outsider.actor, id, { membershipId: outsiderMembership.id });
    const roles = await rolesIn(id);
    expect(roles[member.id]).toBeUndefined();
    expect(roles[outsider.id]).toBeUndefined();
  });

  it('when a member removes another, anyone removes the owner, or an outsider removes anyone then it is refused and nobody goes', async () => {
    const { owner, admin, member, outsider, id } = await team();
    expect(await codeOf(removeAccountMember(fixture.ctx, member.actor, id, { userId: admin.id }))).toBe('forbidden');
    expect(await codeOf(removeAccountMember(fixture.ctx, admin.actor, id, { userId: owner.id }))).toBe('validation_failed');
    expect(await codeOf(removeAccountMember(fixture.ctx, owner.actor, id, { userId: owner.id }))).toBe('validation_failed');
    expect(await codeOf(removeAccountMember(fixture.ctx, outsider.actor, id, { userId: member.id }))).toBe('not_found');
    expect(await codeOf(removeAccountMember(fixture.ctx, admin.actor, id, { userId: outsider.id }))).toBe('not_found');
    expect(Object.keys(await rolesIn(id)).sort()).toEqual([owner.id, admin.id, member.id].sort());
  });

  it('when the admin was downgraded or their token revoked after the request began then removing a member is refused', async () => {
    const { admin, member, id } = await team();
    await fixture.db.prisma.accountUser.updateMany({ where: { accountId: id, userId: admin.id }, data: { role: 'member' } });
    expect(await codeOf(removeAccountMember(fixture.ctx, admin.actor, id, { userId: member.id }))).toBe('forbidden');
    expect(await codeOf(addAccountMember(fixture.ctx, admin.actor, id, { account_user: { user_id: member.id, role: 'admin' } }))).toBe('forbidden');
    await fixture.db.prisma.apiToken.delete({ where: { id: admin.tokenId } });
    expect(await codeOf(removeAccountMember(fixture.ctx, admin.actor, id, { userId: admin.id }))).toBe('unauthorized');
    expect((await rolesIn(id))[member.id]).toBe('member');
  });
});
