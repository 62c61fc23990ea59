import { describe, expect, it } from 'vitest';
import { createAttemptLimiter } from './attempt-limiter.js';

describe('createAttemptLimiter', () => {
  it('when an account is tried from one address more often than allowed then it must wait there, and a success clears it', async () => {
    const limiter = createAttemptLimiter({ prefix: 't', limits: { perAccountAndAddress: 2, perAddress: 100, windowSeconds: 60 } });
    const keys = { account: 'A@example.com', address: '127.0.0.1' };
    expect(await limiter.hit(keys)).toBe(0);
    expect(await limiter.hit(keys)).toBe(0);
    expect(await limiter.hit({ ...keys, account: 'a@EXAMPLE.com' })).toBeGreaterThan(0);
    await limiter.succeeded({ account: 'a@example.com', address: '127.0.0.1' });
    expect(await limiter.hit(keys)).toBe(0);
  });

  it("when a stranger uses up an account's attempts from their address then its owner still gets in from another", async () => {
    const limiter = createAttemptLimiter({ prefix: 'x', limits: { perAccountAndAddress: 3, perAddress: 100, windowSeconds: 60 } });
    const stranger = { account: 'victim@example.com', address: '203.0.113.9' };
    for (let i = 0; i < 3; i++) expect(await limiter.hit(stranger)).toBe(0);
    expect(await limiter.hit(stranger)).toBeGreaterThan(0);
    expect(await limiter.hit({ account: 'Victim@example.com', address: '198.51.100.4' })).toBe(0);
  });

  it('when one address tries many accounts then the address is limited', async () => {
    const limiter = createAttemptLimiter({ prefix: 'u', limits: { perAccountAndAddress: 100, perAddress: 3, windowSeconds: 60 } });
    const waits = [];
    for (let i = 0; i < 4; i++) waits.push(await limiter.hit({ account: `user${i}@example.com`, address: '10.0.0.1' }));
    expect(waits.slice(0, 3)).toEqual([0, 0, 0]);
    expect(waits[3]).toBeGreaterThan(0);
  });

  it('when many people sign in successfully from one address then none is locked out', async () => {
    const limiter = createAttemptLimiter({ prefix: 'v', limits: { perAccountAndAddress: 100, perAddress: 3, windowSeconds: 60 } });
    for (let i = 0; i < 10; i++) {
      const keys = { account: `user${i}@example.com`, address: '10.0.0.2' };
      expect(await limiter.hit(keys)).toBe(0);
      await limiter.succeeded(keys);
    }
  });

  it('when failures and successes mix on one address then only the failures count toward its limit', async () => {
    const limiter = createAttemptLimiter({ prefix: 'w', limits: { perAccountAndAddress: 100, perAddress: 3, windowSeconds: 60 } });
    const address = '10.0.0.3';
    const good = { account: 'good@example.com', address };
    expect(await limiter.hit({ account: 'x@example.com', address })).toBe(0); // a failure
    expect(await limiter.hit(good)).toBe(0);
    await limiter.succeeded(good);
    expect(await limiter.hit({ account: 'y@example.com', address })).toBe(0); // a failure
    expect(await limiter.hit({ account: 'z@example.com', address })).toBe(0); // a failure: 3 in all
    expect(await limiter.hit(good)).toBeGreaterThan(0); // the 4th counted attempt is over
  });
});
