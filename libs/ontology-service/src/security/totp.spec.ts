import { describe, expect, it } from 'vitest';
import { matchTotp, newTotpSecret, totpCode } from './totp.js';

describe('totp', () => {
  const secret = newTotpSecret();
  const now = new Date('2026-11-22T12:00:10Z');

  it('when the current code is given then it matches its time step', () => {
    expect(matchTotp(secret, totpCode(secret, now), now)).toBe(BigInt(Math.floor(now.getTime() / 30_000)));
  });

  it('when the code is from the previous step then it still matches (clock drift)', () => {
    const earlier = new Date(now.getTime() - 30_000);
    expect(matchTotp(secret, totpCode(secret, earlier), now)).not.toBeNull();
  });

  it('when the code is wrong, old or not six digits then it does not match', () => {
    expect(matchTotp(secret, '000000' === totpCode(secret, now) ? '111111' : '000000', now)).toBeNull();
    expect(matchTotp(secret, totpCode(secret, new Date(now.getTime() - 300_000)), now)).toBeNull();
    expect(matchTotp(secret, 'abcdef', now)).toBeNull();
  });
});
