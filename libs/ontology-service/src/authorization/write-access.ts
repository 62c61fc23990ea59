// The rule every write applies to what its own transaction read (issue 17): the credential
// and the user must still exist, and when the write changes an account, the caller must be
// a member of it now (with the role the write needs). Each refusal is the answer the same
// check gives before the body is read, so a request learns nothing new by arriving slowly.
import { AppError, canManageMembers, type Role } from '@oms/domain';
import type { WriteAccessState } from '@oms/db';

export type WriteRequirement = {
  /** The account the write changes; the caller must be one of its members. */
  accountId?: string | undefined;
  /** 'admin': only the account's admins may do this. */
  role?: 'admin' | undefined;
  /** What a non-member is told; default 404 (the account is not theirs to know about). */
  notMember?: AppError | undefined;
  /** What a member without the role is told; default 403. */
  notAdmin?: AppError | undefined;
};

/** The caller's role in the account, or undefined when they are not a member (or it is gone). */
export function roleIn(state: WriteAccessState, accountId: string): Role | undefined {
  if (state.account?.id !== accountId) return undefined;
  return state.memberships.find((membership) => membership.accountId === accountId)?.role as Role | undefined;
}

/** Why the write must not go ahead, or undefined when it may. */
export function writeAccessError(state: WriteAccessState, requirement: WriteRequirement): AppError | undefined {
  if (!state.userExists || !state.credentialActive) return new AppError('unauthorized');
  if (requirement.accountId === undefined) return undefined;
  const role = roleIn(state, requirement.accountId);
  if (role === undefined) return requirement.notMember ?? new AppError('not_found');
  if (requirement.role === 'admin' && !canManageMembers(role)) return requirement.notAdmin ?? new AppError('forbidden');
  return undefined;
}
