import { describe, expect, it } from 'vitest';
import { signId, verifySignedId } from './signed-id.js';

describe('signed ids', () => {
  it('when an sgid is verified with its key then the id comes back', () => {
    expect(verifySignedId('k', 'User', signId('k', 'User', 'u-1'))).toBe('u-1');
  });

  it('when the key, model or payload differ then it is refused', () => {
    const sgid = signId('k', 'User', 'u-1');
    expect(verifySignedId('other', 'User', sgid)).toBeNull();
    expect(verifySignedId('k', 'Account', sgid)).toBeNull();
    expect(verifySignedId('k', 'User', sgid.replace(/^./, 'x'))).toBeNull();
  });
});
