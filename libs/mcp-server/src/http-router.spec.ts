import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceApi } from '@oms/contracts';
import { AppError } from '@oms/domain';
import { createMcpHttpRouter, type Authenticator } from './http-router.js';

describe('/mcp authentication when the token cannot be checked', () => {
  let base = '';
  let close: () => void = () => undefined;
  let authenticate: Authenticator = async () => null;
  beforeAll(async () => {
    const app = express();
    app.use(
      createMcpHttpRouter({
        baseUrl: 'http://127.0.0.1',
        serviceFor: () => ({ call: async () => undefined }) as unknown as ServiceApi,
        authenticate: (token) => authenticate(token),
      }),
    );
    app.use(((_error, _req, res, _next) => res.status(500).json({ error: 'internal' })) as express.ErrorRequestHandler);
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  const post = () =>
    fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer oms_${'a'.repeat(43)}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });

  it('when the REST app or its database is unavailable then /mcp answers 503 with Retry-After, not 401 or 500', async () => {
    authenticate = async () => {
      throw new AppError('unavailable');
    };
    const response = await post();
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(((await response.json()) as { error: string }).error).toBe('unavailable');
  });

  it('when the check fails with a bug then it goes to the error handler (500)', async () => {
    authenticate = async () => {
      throw new TypeError('x is not a function');
    };
    expect((await post()).status).toBe(500);
  });
});
