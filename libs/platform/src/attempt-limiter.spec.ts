import { describe, expect, it } from 'vitest';
import { createAttemptLimiter } from './attempt-limiter.js';

describe('createAttemptLimiter', () => {
  it('when an account is tried more often than allowed then it must wait, and a reset clears it', async () => {
    const limiter = createAttemptLimiter({ prefix: 't', limits: { perAccount: 2, perAddress: 100, windowSeconds: 60 } });
    const keys = { account: 'A@example.com', address: '127.0.0.1' };
    expect(await limiter.hit(keys)).toBe(0);
    expect(await limiter.hit(keys)).toBe(0);
    expect(await limiter.hit({ ...keys, account: 'a@EXAMPLE.com' })).toBeGreaterThan(0);
    await limiter.reset('a@example.com');
    expect(await limiter.hit(keys)).toBe(0);
  });

  it('when one address tries many accounts then the address is limited', async () => {
    const limiter = createAttemptLimiter({ prefix: 'u', limits: { perAccount: 100, perAddress: 3, windowSeconds: 60 } });
    const waits = [];
    for (let i = 0; i < 4; i++) waits.push(await limiter.hit({ account: `user${i}@example.com`, address: '10.0.0.1' }));
    expect(waits.slice(0, 3)).toEqual([0, 0, 0]);
    expect(waits[3]).toBeGreaterThan(0);
  });
});
