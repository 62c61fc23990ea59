import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@oms/domain';
import { createLogger } from '@oms/platform';
import { unavailableHandler } from './unavailable-handler.js';

describe('unavailableHandler', () => {
  let base = '';
  let close: () => void = () => undefined;
  beforeAll(async () => {
    const app = express();
    const failures: Record<string, () => Error> = {
      redis: () => new Error("Stream isn't writeable and enableOfflineQueue options is false"),
      limiter: () => new Error('Redis connection is not ready'),
      database: () => Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      rest: () => new AppError('unavailable'),
      bug: () => new TypeError('x is not a function'),
    };
    app.post('/sign-in/:kind', async (req) => {
      throw failures[String(req.params['kind'])]!();
    });
    app.use(unavailableHandler(createLogger({ service: 'spec', level: 'silent' })));
    app.use(((_error, _req, res, _next) => res.status(500).json({ error: 'internal' })) as express.ErrorRequestHandler);
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  it('when Redis, the database or the REST app is away then the step answers a 503 page with Retry-After', async () => {
    for (const kind of ['redis', 'limiter', 'database', 'rest']) {
      const response = await fetch(`${base}/sign-in/${kind}`, { method: 'POST' });
      expect(response.status, kind).toBe(503);
      expect(response.headers.get('retry-after'), kind).toBe('5');
      expect(response.headers.get('content-type'), kind).toMatch(/^text\/html/);
      expect(await response.text(), kind).toContain('Temporarily unavailable');
    }
  });

  it('when the error is anything else then it goes on to the next handler', async () => {
    const response = await fetch(`${base}/sign-in/bug`, { method: 'POST' });
    expect(response.status).toBe(500);
    expect(response.headers.get('retry-after')).toBeNull();
  });
});
