// One counter per key over a fixed window, with rate-limiter-flexible. Counters live in Redis
// when a client is given (replicas share them), else in memory (the single-process
// deployment). While Redis is unreachable a hit is refused at once with the store's error
// (isRedisUnavailable tells it apart): no fallback to counting in memory, which would give
// every replica its own allowance.
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

export type RateLimiter = {
  /** Counts one use of `key`; answers the seconds to wait when it is over the limit, else 0. */
  hit(key: string): Promise<number>;
  /** Forgets every use of `key`. */
  reset(key: string): Promise<void>;
  /** Gives `key` one use back. */
  giveBack(key: string): Promise<void>;
};

type RateLimiterOptions = { redis?: unknown; prefix: string; points: number; windowSeconds: number };

export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const settings = { keyPrefix: options.prefix, points: options.points, duration: options.windowSeconds };
  const limiter: RateLimiterAbstract = options.redis
    ? new RateLimiterRedis({ storeClient: options.redis, rejectIfRedisNotReady: true, ...settings })
    : new RateLimiterMemory(settings);
  return {
    hit: async (key) => {
      try {
        await limiter.consume(key);
        return 0;
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
        throw rejection;
      }
    },
    reset: async (key) => {
      await limiter.delete(key);
    },
    giveBack: async (key) => {
      await limiter.reward(key, 1);
    },
  };
}
