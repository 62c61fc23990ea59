import { describe, expect, it } from 'vitest';
import { memberRemovalError } from './member-removal.js';

describe('memberRemovalError', () => {
  it('when a plain member leaves then it is allowed', () => {
    expect(memberRemovalError({ actorId: 'm', actorRole: 'member', targetUserId: 'm', ownerId: 'o' })).toBeUndefined();
  });

  it('when an admin removes another member then it is allowed', () => {
    expect(memberRemovalError({ actorId: 'a', actorRole: 'admin', targetUserId: 'm', ownerId: 'o' })).toBeUndefined();
  });

  it('when a plain member removes someone else then it is 403', () => {
    const error = memberRemovalError({ actorId: 'm', actorRole: 'member', targetUserId: 'x', ownerId: 'o' });
    expect(error?.code).toBe('forbidden');
    expect(error?.message).toBe('Only admins of this account can remove other members.');
  });

  it('when the owner is to be removed, by an admin or by themselves, then it is 422 on user_id', () => {
    for (const actorId of ['a', 'o']) {
      const error = memberRemovalError({ actorId, actorRole: 'admin', targetUserId: 'o', ownerId: 'o' });
      expect(error?.code).toBe('validation_failed');
      expect(error?.fieldErrors).toEqual({ user_id: ['is the owner of this account and cannot be removed'] });
    }
  });
});
