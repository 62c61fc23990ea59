// Limits sign-in attempts (OWASP Authentication Cheat Sheet, "Login Throttling"): failures are
// counted per account and address together, so guessing one account's password from an
// address stops there, while its owner signing in from any other address is not locked out
// by a stranger's wrong passwords; and per address over all accounts, so one address cannot
// try many accounts either.
// Only failures stay counted: a successful sign-in clears its account-and-address counter and
// gives its address its point back, so many people (or tests) signing in from one address are
// not locked out, while guessing passwords from it still is.
// Counters live in Redis when a client is given, else in memory (see rate-limiter.ts).
import { createRateLimiter } from './rate-limiter.js';

type AttemptKeys = { account: string; address: string };

export type AttemptLimiter = {
  /** Counts one attempt; answers the seconds to wait when over the limit, else 0. */
  hit(keys: AttemptKeys): Promise<number>;
  /** After a successful sign-in: clears the account-and-address counter and gives the address its point back. */
  succeeded(keys: AttemptKeys): Promise<void>;
};

export type AttemptLimits = { perAccountAndAddress: number; perAddress: number; windowSeconds: number };

const DEFAULT_LIMITS: AttemptLimits = { perAccountAndAddress: 10, perAddress: 50, windowSeconds: 15 * 60 };

export function createAttemptLimiter(options: { redis?: unknown; prefix: string; limits?: Partial<AttemptLimits> }): AttemptLimiter {
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const store = options.redis ? { redis: options.redis } : {};
  const pair = createRateLimiter({ ...store, prefix: `${options.prefix}:account-address`, points: limits.perAccountAndAddress, windowSeconds: limits.windowSeconds });
  const address = createRateLimiter({ ...store, prefix: `${options.prefix}:address`, points: limits.perAddress, windowSeconds: limits.windowSeconds });
  // JSON keeps the two parts apart whatever characters they hold.
  const pairKey = (keys: AttemptKeys) => JSON.stringify([keys.account.toLowerCase(), keys.address]);
  return {
    hit: async (keys) => Math.max(await pair.hit(pairKey(keys)), await address.hit(keys.address)),
    succeeded: async (keys) => {
      await Promise.all([pair.reset(pairKey(keys)), address.giveBack(keys.address)]);
    },
  };
}
