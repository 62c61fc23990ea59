import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rate-limiter.js';

describe('createRateLimiter', () => {
  it('when a key is used more often than its points then it must wait, and other keys are not affected', async () => {
    const limiter = createRateLimiter({ prefix: 'r', points: 2, windowSeconds: 60 });
    expect(await limiter.hit('a')).toBe(0);
    expect(await limiter.hit('a')).toBe(0);
    const wait = await limiter.hit('a');
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await limiter.hit('b')).toBe(0);
  });

  it('when a key is reset or given a use back then it may be used again', async () => {
    const limiter = createRateLimiter({ prefix: 's', points: 1, windowSeconds: 60 });
    expect(await limiter.hit('a')).toBe(0);
    expect(await limiter.hit('a')).toBeGreaterThan(0);
    await limiter.reset('a');
    expect(await limiter.hit('a')).toBe(0);
    await limiter.giveBack('a');
    expect(await limiter.hit('a')).toBe(0);
  });
});
