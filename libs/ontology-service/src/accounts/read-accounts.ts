// The accounts a user belongs to (GET /accounts, list_accounts) and one of them (GET
// /accounts/:id): an account of which the caller is not a member is 404, like a missing one.
import { AppError } from '@oms/domain';
import { findAccountOfMember, listAccountsOfUser } from '@oms/db';
import type { ServiceContext } from '../context.js';
import type { Actor } from '../authorization/actor.js';

/** Personal account first, then team accounts oldest first, each with its members. */
export function listAccounts(ctx: ServiceContext, actor: Actor): ReturnType<typeof listAccountsOfUser> {
  return listAccountsOfUser(ctx.db.prisma, actor.userId);
}

export async function readAccount(ctx: ServiceContext, actor: Actor, input: { accountId: string }) {
  const account = await findAccountOfMember(ctx.db.prisma, input.accountId, actor.userId);
  if (!account) throw new AppError('not_found');
  return account;
}
