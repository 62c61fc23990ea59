import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@oms/domain';
import { createLogger } from '@oms/platform';
import { asAppError } from '@oms/ontology-service';
import { errorHandler } from './error-handler.js';

const FAILURES: Record<string, () => unknown> = {
  redis: () => new Error("Stream isn't writeable and enableOfflineQueue options is false"),
  limiter: () => new Error('Redis connection is not ready'),
  database: () => Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
  render: () => new AppError('unavailable', { message: 'The diagram could not be drawn right now; retry later.' }),
  bug: () => new TypeError('x is not a function'),
  'deleted-meanwhile': () =>
    Object.assign(new Error('insert or update on table "notification_tokens" violates foreign key constraint'), {
      code: '23503',
      constraint: 'notification_tokens_user_id_fkey',
    }),
};

describe('errorHandler', () => {
  let base = '';
  let close: () => void = () => undefined;
  beforeAll(async () => {
    const app = express();
    app.get('/fail/:kind', async (req) => {
      throw FAILURES[String(req.params['kind'])]!();
    });
    app.use(errorHandler(createLogger({ service: 'spec', level: 'silent' })));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  it('when Redis, the database or a queue is unavailable then the answer is 503 unavailable with Retry-After', async () => {
    for (const kind of ['redis', 'limiter', 'database', 'render']) {
      const response = await fetch(`${base}/fail/${kind}`);
      expect(response.status, kind).toBe(503);
      expect(response.headers.get('retry-after'), kind).toBe('5');
      expect(((await response.json()) as { error: string }).error, kind).toBe('unavailable');
    }
  });

  it('when a write refers to a row a concurrent request deleted then the answer is 409 conflict, not 500', async () => {
    const response = await fetch(`${base}/fail/deleted-meanwhile`);
    expect(response.status).toBe(409);
    expect(((await response.json()) as { error: string }).error).toBe('conflict');
  });

  it('when the error is a bug then the answer is a 500 without Retry-After', async () => {
    const response = await fetch(`${base}/fail/bug`);
    expect(response.status).toBe(500);
    expect(response.headers.get('retry-after')).toBeNull();
  });
});

describe('asAppError (internal tRPC)', () => {
  it('when Redis or the database is unavailable then the gateway is told unavailable, not internal', () => {
    expect(asAppError(FAILURES['redis']!()).code).toBe('unavailable');
    expect(asAppError(FAILURES['database']!()).code).toBe('unavailable');
    expect(asAppError(FAILURES['bug']!()).code).toBe('internal');
  });
});
