import { existsSync } from 'node:fs';
import { freePort, RedisProcess, REDIS_SERVER, suiteCanRun, until } from '@oms/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createAttemptLimiter } from './attempt-limiter.js';
import { createRedisClient, isRedisUnavailable } from './redis-client.js';

describe('isRedisUnavailable', () => {
  it('when ioredis or the limiter report a lost or refused connection then it is unavailable', () => {
    expect(isRedisUnavailable(new Error("Stream isn't writeable and enableOfflineQueue options is false"))).toBe(true);
    expect(isRedisUnavailable(new Error('Connection is closed.'))).toBe(true);
    expect(isRedisUnavailable(new Error('Command timed out'))).toBe(true);
    expect(isRedisUnavailable(Object.assign(new Error('Reached the max retries per request limit (which is 1).'), { name: 'MaxRetriesPerRequestError' }))).toBe(true);
    expect(isRedisUnavailable(new Error('Redis connection is not ready'))).toBe(true);
    expect(isRedisUnavailable(new Error('LOADING Redis is loading the dataset in memory'))).toBe(true);
    expect(isRedisUnavailable(new Error('wrapped', { cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }) }))).toBe(true);
  });

  it('when the error is a command or programming error then it is not', () => {
    expect(isRedisUnavailable(new Error('WRONGTYPE Operation against a key holding the wrong kind of value'))).toBe(false);
    expect(isRedisUnavailable(new Error('ERR unknown command'))).toBe(false);
    expect(isRedisUnavailable(new TypeError('x is not a function'))).toBe(false);
    expect(isRedisUnavailable(undefined)).toBe(false);
  });
});

describe('createRedisClient', () => {
  const cleanups: (() => unknown)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it('when nothing listens on the port then a command fails at once as unavailable, and the outage is reported once', async () => {
    const port = await freePort();
    const downs: Error[] = [];
    const redis = createRedisClient(`redis://127.0.0.1:${port}`, { onDown: (error) => downs.push(error) });
    cleanups.push(() => redis.disconnect());
    await until('downs.length > 0', 2_000, () => (downs.length > 0 ? true : undefined));
    const started = Date.now();
    const error = await redis.get('k').catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(500);
    expect(isRedisUnavailable(error)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 700)); // a few reconnect attempts
    expect(downs).toHaveLength(1);
  });

  describe.runIf(suiteCanRun('the redis-server suite', { [`redis-server (${REDIS_SERVER})`]: existsSync(REDIS_SERVER) }))('with a real redis-server', () => {
    it('when Redis stops then sign-in attempts are refused fast as unavailable, and when it is back they count again by themselves', async () => {
      const server = new RedisProcess(await freePort());
      cleanups.push(() => server.stop({ abrupt: true }));
      await server.start();
      const events: string[] = [];
      const redis = createRedisClient(server.url, { onDown: () => events.push('down'), onUp: () => events.push('up') });
      cleanups.push(() => redis.disconnect());
      await until('redis.status === "ready"', 5_000, () => (redis.status === 'ready' ? true : undefined));
      events.length = 0; // a 'down' when the client tried before the server listened
      const limiter = createAttemptLimiter({ redis, prefix: 'spec', limits: { perAccountAndAddress: 5, perAddress: 5, windowSeconds: 60 } });
      const keys = { account: 'a@example.com', address: '10.0.0.1' };
      expect(await limiter.hit(keys)).toBe(0);

      await server.stop({ abrupt: true });
      await until('events.includes("down")', 2_000, () => (events.includes('down') ? true : undefined));
      const started = Date.now();
      const refused = await limiter.hit(keys).catch((e: unknown) => e);
      expect(Date.now() - started).toBeLessThan(500);
      expect(isRedisUnavailable(refused)).toBe(true);

      await server.start();
      await until('events.includes("up")', 8_000, () => (events.includes('up') ? true : undefined));
      expect(await limiter.hit(keys)).toBe(0);
      expect(events).toEqual(['down', 'up']);
    }, 20_000);
  });
});
