// Who may remove whom from a team account: anyone may leave, admins may remove others, and
// the owner cannot be removed (ownership passes on only when the owner deletes themselves).
import { AppError, canManageMembers, type Role } from '@oms/domain';

export function memberRemovalError(input: {
  actorId: string;
  actorRole: Role | undefined;
  targetUserId: string;
  ownerId: string;
}): AppError | undefined {
  if (input.targetUserId !== input.actorId && !canManageMembers(input.actorRole)) {
    return new AppError('forbidden', { message: 'Only admins of this account can remove other members.' });
  }
  if (input.targetUserId === input.ownerId) {
    return AppError.validation({ user_id: ['is the owner of this account and cannot be removed'] });
  }
  return undefined;
}
