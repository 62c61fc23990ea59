// Limits sign-in attempts per account and per client address with rate-limiter-flexible.
// Only failures stay counted: a successful sign-in clears its account's counter and gives its
// address its point back, so many people (or tests) signing in from one address are not
// locked out, while guessing passwords from it still is.
// Counters live in Redis when a client is given (replicas share them), else in memory (the
// single-process deployment). While Redis is unreachable an attempt is refused at once with
// the store's error (isRedisUnavailable tells it apart): no fallback to counting in memory,
// which would give every replica its own allowance.
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

export type AttemptLimiter = {
  /** Counts one attempt; answers the seconds to wait when over the limit, else 0. */
  hit(keys: { account: string; address: string }): Promise<number>;
  /** After a successful sign-in: clears the account's counter and gives the address its point back. */
  succeeded(keys: { account: string; address: string }): Promise<void>;
};

export type AttemptLimits = { perAccount: number; perAddress: number; windowSeconds: number };

const DEFAULT_LIMITS: AttemptLimits = { perAccount: 10, perAddress: 50, windowSeconds: 15 * 60 };

export function createAttemptLimiter(options: { redis?: unknown; prefix: string; limits?: Partial<AttemptLimits> }): AttemptLimiter {
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const make = (keyPrefix: string, points: number): RateLimiterAbstract =>
    options.redis
      ? new RateLimiterRedis({ storeClient: options.redis, keyPrefix, points, duration: limits.windowSeconds, rejectIfRedisNotReady: true })
      : new RateLimiterMemory({ keyPrefix, points, duration: limits.windowSeconds });
  const account = make(`${options.prefix}:account`, limits.perAccount);
  const address = make(`${options.prefix}:address`, limits.perAddress);
  const consume = async (limiter: RateLimiterAbstract, key: string): Promise<number> => {
    try {
      await limiter.consume(key);
      return 0;
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      throw rejection;
    }
  };
  return {
    hit: async (keys) => Math.max(await consume(account, keys.account.toLowerCase()), await consume(address, keys.address)),
    succeeded: async (keys) => {
      await Promise.all([account.delete(keys.account.toLowerCase()), address.reward(keys.address, 1)]);
    },
  };
}
