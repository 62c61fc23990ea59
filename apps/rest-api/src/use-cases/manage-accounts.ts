// Team accounts and their members (DESIGN 4 extension). Only admins manage members; any
// member may leave; the owner stays until ownership passes on. A non-member learns nothing
// (404); a member without the right gets 403.
import { AppError, canManageMembers, type Role } from '@oms/domain';
import type { AddAccountUserRequest, CreateAccountRequest } from '@oms/contracts';
import {
  createAccount,
  deleteMembership,
  findAccountOfMember,
  findUserByEmail,
  findUserById,
  insertMembership,
  isUniqueViolation,
} from '@oms/db';
import type { AppContext } from '../context.js';

export async function createTeamAccount(ctx: AppContext, userId: string, input: CreateAccountRequest) {
  return createAccount(ctx.db.prisma, {
    id: ctx.newId(),
    name: input.account.name,
    personal: false,
    ownerId: userId,
    membershipId: ctx.newId(),
  });
}

async function accountForMember(ctx: AppContext, accountId: string, userId: string) {
  const account = await findAccountOfMember(ctx.db.prisma, accountId, userId);
  if (!account) throw new AppError('not_found');
  const role = account.accountUsers.find((member) => member.userId === userId)?.role as Role | undefined;
  return { account, role };
}

export async function addAccountMember(ctx: AppContext, userId: string, accountId: string, input: AddAccountUserRequest) {
  const { account, role } = await accountForMember(ctx, accountId, userId);
  if (!canManageMembers(role)) throw new AppError('forbidden', { message: 'Only admins of this account can add members.' });
  if (account.personal) throw AppError.validation({ base: ['a personal account cannot have other members'] });
  const { email, user_id: targetId, role: newRole } = input.account_user;
  const target = email ? await findUserByEmail(ctx.db.prisma, email) : await findUserById(ctx.db.prisma, targetId ?? '');
  const field = email ? 'email' : 'user_id';
  if (!target) throw AppError.validation({ [field]: ['does not belong to any user'] });
  if (account.accountUsers.some((member) => member.userId === target.id)) {
    throw AppError.validation({ [field]: ['is already a member of this account'] });
  }
  try {
    return await insertMembership(ctx.db.prisma, { id: ctx.newId(), accountId, userId: target.id, role: newRole });
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.validation({ [field]: ['is already a member of this account'] });
    throw error;
  }
}

export async function removeAccountMember(
  ctx: AppContext,
  userId: string,
  accountId: string,
  target: { membershipId?: string; userId?: string },
) {
  const { account, role } = await accountForMember(ctx, accountId, userId);
  const membership = account.accountUsers.find((member) =>
    target.membershipId ? member.id === target.membershipId : member.userId === target.userId,
  );
  if (!membership) throw new AppError('not_found');
  if (membership.userId !== userId && !canManageMembers(role)) {
    throw new AppError('forbidden', { message: 'Only admins of this account can remove other members.' });
  }
  if (membership.userId === account.ownerId) {
    throw AppError.validation({ user_id: ['is the owner of this account and cannot be removed'] });
  }
  if (!(await deleteMembership(ctx.db.prisma, membership.id))) throw new AppError('not_found');
}
