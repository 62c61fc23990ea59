// Redis for request paths (the sign-in limiter): a client that fails fast while Redis is
// unreachable instead of queueing commands until it returns, keeps reconnecting on its own,
// and reports an outage once (not on every reconnect attempt). `isRedisUnavailable` tells
// such failures apart, so the apps answer 503 with Retry-After rather than 500.
import { Redis, type RedisOptions } from 'ioredis';

/** Reconnect delays: 200 ms, 400 ms, ... then every 2 s, never giving up. */
export function reconnectDelay(times: number): number {
  return Math.min(times * 200, 2_000);
}

/** Commands fail at once while disconnected, and after 2 s on a connection that stopped answering. */
export const FAIL_FAST_REDIS_OPTIONS: RedisOptions = {
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
  commandTimeout: 2_000,
  connectTimeout: 3_000,
  retryStrategy: reconnectDelay,
};

export type RedisEvents = {
  /** The first error of an outage (connection refused, reset, timed out). */
  onDown: (error: Error) => void;
  /** Redis answers again after an outage. */
  onUp?: () => void;
};

export function createRedisClient(url: string, events: RedisEvents): Redis {
  const redis = new Redis(url, FAIL_FAST_REDIS_OPTIONS);
  let down = false;
  // Without an 'error' listener, ioredis would throw the event and end the process.
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    events.onDown(error);
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    events.onUp?.();
  });
  return redis;
}

const UNAVAILABLE_MESSAGE = new RegExp(
  [
    "Stream isn't writeable", // ioredis, enableOfflineQueue: false while disconnected
    'Connection is closed', // ioredis (and BullMQ) after the socket closed
    'Command timed out', // ioredis commandTimeout
    'Reached the max retries per request limit', // ioredis MaxRetriesPerRequestError
    'Redis connection is not ready', // rate-limiter-flexible, rejectIfRedisNotReady
    '^LOADING ', // Redis still loading its data set after a restart
    'ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH',
  ].join('|'),
);

/** True when Redis could not be reached or dropped the connection: retrying later may succeed. */
export function isRedisUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const candidate = e as { name?: unknown; code?: unknown; message?: unknown; cause?: unknown };
    if (candidate.name === 'MaxRetriesPerRequestError') return true;
    if (typeof candidate.code === 'string' && /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH)$/.test(candidate.code)) return true;
    if (typeof candidate.message === 'string' && UNAVAILABLE_MESSAGE.test(candidate.message)) return true;
    e = candidate.cause;
  }
  return false;
}
