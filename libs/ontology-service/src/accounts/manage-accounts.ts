// Team accounts and their members (DESIGN 4 extension). Only admins manage members; any
// member may leave; the owner stays until ownership passes on. A non-member learns nothing
// (404); a member without the right gets 403. Every change runs in one transaction that
// first locks the account (FOR UPDATE) and re-reads the caller's token and membership:
// changes of one account's members, and a member's account deletion, run one after another.
import { AppError } from '@oms/domain';
import type { AddAccountUserRequest, CreateAccountRequest } from '@oms/contracts';
import {
  createAccount,
  deleteMembership,
  findAccountWithMembers,
  findUserByEmail,
  findUserById,
  insertMembership,
  isUniqueViolation,
} from '@oms/db';
import type { ServiceContext } from '../context.js';
import type { Actor } from '../authorization/actor.js';
import { authorizedWrite } from '../authorization/reauthorize.js';
import { memberRemovalError } from '../authorization/member-removal.js';

export async function createTeamAccount(ctx: ServiceContext, actor: Actor, input: CreateAccountRequest) {
  return authorizedWrite(ctx.db.prisma, actor, {}, (tx) =>
    createAccount(tx, {
      id: ctx.newId(),
      name: input.account.name,
      personal: false,
      ownerId: actor.userId,
      membershipId: ctx.newId(),
    }),
  );
}

/** The account as read under its lock (reauthorize found it, so it exists). */
async function lockedAccount(tx: Parameters<typeof findAccountWithMembers>[0], accountId: string) {
  const account = await findAccountWithMembers(tx, accountId);
  if (!account) throw new AppError('not_found');
  return account;
}

export async function addAccountMember(ctx: ServiceContext, actor: Actor, accountId: string, input: AddAccountUserRequest) {
  const { email, user_id: targetId, role: newRole } = input.account_user;
  const field = email ? 'email' : 'user_id';
  const requirement = {
    accountId,
    accountLock: 'update',
    role: 'admin',
    notAdmin: new AppError('forbidden', { message: 'Only admins of this account can add members.' }),
  } as const;
  try {
    return await authorizedWrite(ctx.db.prisma, actor, requirement, async (tx) => {
      const account = await lockedAccount(tx, accountId);
      if (account.personal) throw AppError.validation({ base: ['a personal account cannot have other members'] });
      const target = email ? await findUserByEmail(tx, email) : await findUserById(tx, targetId ?? '');
      if (!target) throw AppError.validation({ [field]: ['does not belong to any user'] });
      if (account.accountUsers.some((member) => member.userId === target.id)) {
        throw AppError.validation({ [field]: ['is already a member of this account'] });
      }
      return insertMembership(tx, { id: ctx.newId(), accountId, userId: target.id, role: newRole });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.validation({ [field]: ['is already a member of this account'] });
    throw error;
  }
}

export async function removeAccountMember(
  ctx: ServiceContext,
  actor: Actor,
  accountId: string,
  target: { membershipId?: string; userId?: string },
) {
  await authorizedWrite(ctx.db.prisma, actor, { accountId, accountLock: 'update' }, async (tx, access) => {
    const account = await lockedAccount(tx, accountId);
    const membership = account.accountUsers.find((member) =>
      target.membershipId ? member.id === target.membershipId : member.userId === target.userId,
    );
    if (!membership) throw new AppError('not_found');
    const refusal = memberRemovalError({ actorId: actor.userId, actorRole: access.role, targetUserId: membership.userId, ownerId: account.ownerId });
    if (refusal) throw refusal;
    if (!(await deleteMembership(tx, membership.id))) throw new AppError('not_found');
  });
}
