import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeServiceApi } from '@oms/contracts/testing';
import { AppError } from '@oms/domain';
import { createMcpHttpRouter, type Authenticator, type McpHttpOptions } from './http-router.js';

/** The router alone on an express app on port 0 (with a 500 handler like the apps'). */
async function serveRouter(options: Pick<McpHttpOptions, 'authenticate' | 'onAuthenticated'> & Partial<Pick<McpHttpOptions, 'serviceFor'>>): Promise<{ base: string; close: () => void }> {
  const app = express();
  app.use(
    createMcpHttpRouter({
      baseUrl: 'http://127.0.0.1',
      serviceFor: () => fakeServiceApi(),
      ...options,
    }),
  );
  app.use(((_error, _req, res, _next) => res.status(500).json({ error: 'internal' })) as express.ErrorRequestHandler);
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

/** An MCP initialize request to the router at `base`, with a JWT-shaped bearer token. */
const initializeAt = (base: string) =>
  fetch(`${base}/mcp`, {
    method: 'POST',
    headers: { authorization: 'Bearer a.b.c', 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'spec', version: '1.0.0' } },
    }),
  });

describe('/mcp authentication when the token cannot be checked', () => {
  let base = '';
  let close: () => void = () => undefined;
  let authenticate: Authenticator = async () => null;
  beforeAll(async () => {
    ({ base, close } = await serveRouter({ authenticate: (token) => authenticate(token) }));
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

describe('/mcp scopes', () => {
  let base = '';
  let close: () => void = () => undefined;
  let scopes: string[] = [];
  const told: string[] = [];
  beforeAll(async () => {
    ({ base, close } = await serveRouter({
      authenticate: async () => ({ actorId: '01a20413-0000-7000-8000-000000000001', clientId: 'oauth', scopes, expiresAt: 4_000_000_000 }),
      onAuthenticated: (_res, actorId) => void told.push(actorId),
    }));
  });
  afterAll(() => close());

  const initialize = () => initializeAt(base);

  it('when a valid token lacks the resource scope then /mcp answers 403 insufficient_scope naming the scope (RFC 6750)', async () => {
    scopes = ['openid', 'profile'];
    const response = await initialize();
    expect(response.status).toBe(403);
    expect(told).toEqual([]);
    expect(response.headers.get('www-authenticate')).toBe(
      'Bearer resource_metadata="http://127.0.0.1/.well-known/oauth-protected-resource/mcp", error="insufficient_scope", scope="ontologies"',
    );
    expect(await response.json()).toEqual({ error: 'insufficient_scope', scope: 'ontologies' });
  });

  it('when the token carries the resource scope then the request is served and the app is told who the caller is', async () => {
    scopes = ['openid', 'ontologies'];
    expect((await initialize()).status).toBe(200);
    expect(told).toEqual(['01a20413-0000-7000-8000-000000000001']);
  });
});

describe('/mcp without a usable token', () => {
  let base = '';
  let close: () => void = () => undefined;
  const seen: string[] = [];
  beforeAll(async () => {
    ({ base, close } = await serveRouter({
      authenticate: async (token) => {
        seen.push(token);
        return null;
      },
    }));
  });
  afterAll(() => close());

  const post = (authorization?: string) =>
    fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { ...(authorization ? { authorization } : {}), 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
  const metadata = 'resource_metadata="http://127.0.0.1/.well-known/oauth-protected-resource/mcp"';

  it('when no bearer token is sent then it is 401 pointing at the metadata, without an error, and nothing is checked', async () => {
    const response = await post();
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe(`Bearer ${metadata}`);
    expect(await response.json()).toEqual({ error: 'unauthorized' });
    expect(seen).toEqual([]);
  });

  it('when the token is refused then it is 401 with invalid_token', async () => {
    const response = await post('Bearer some.token.here');
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe(`Bearer ${metadata}, error="invalid_token"`);
    expect(seen).toEqual(['some.token.here']);
  });
});

describe('/mcp hands the caller on', () => {
  it('when a token is checked then the service is asked for with its user, accounts and credential (writes re-check that credential)', async () => {
    const asked: unknown[][] = [];
    const credential = { kind: 'api_token' as const, id: '01a20413-0000-7000-8000-0000000000cc' };
    const { base, close } = await serveRouter({
      authenticate: async () => ({
        actorId: '01a20413-0000-7000-8000-000000000002',
        clientId: 'api-token',
        scopes: ['ontologies'],
        expiresAt: 4_000_000_000,
        memberOf: ['01a20413-0000-7000-8000-0000000000aa'],
        credential,
      }),
      serviceFor: (...args) => {
        asked.push(args);
        return fakeServiceApi();
      },
    });
    try {
      const response = await initializeAt(base);
      expect(response.status).toBe(200);
      expect(asked).toEqual([['01a20413-0000-7000-8000-000000000002', ['01a20413-0000-7000-8000-0000000000aa'], credential]]);
    } finally {
      close();
    }
  });
});

describe('/mcp with a toolsets parameter', () => {
  it('when the toolset is unknown then it is 400 naming the known ones, before any sign-in', async () => {
    let asked = 0;
    const { base, close } = await serveRouter({
      authenticate: async () => {
        asked += 1;
        return null;
      },
    });
    try {
      for (const headers of [{}, { authorization: 'Bearer a.b.c' }] as Record<string, string>[]) {
        const response = await fetch(`${base}/mcp?toolsets=everything`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: '{}' });
        expect(response.status).toBe(400);
        expect(response.headers.get('www-authenticate')).toBeNull();
        expect(await response.json()).toMatchObject({ error: 'bad_request', message: expect.stringMatching(/Unknown toolset "everything".*terms or all/) });
      }
      expect(asked).toBe(0);
      const unauthenticated = await fetch(`${base}/mcp?toolsets=terms`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(unauthenticated.status).toBe(401);
      expect(unauthenticated.headers.get('www-authenticate')).toContain('resource_metadata="http://127.0.0.1/.well-known/oauth-protected-resource/mcp"');
    } finally {
      close();
    }
  });
});
