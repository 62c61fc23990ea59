import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceApi } from '@oms/contracts';
import { createLogger, startServer, type RunningServer } from '@oms/platform';
import { createApp } from './create-app.js';
import { loadConfig } from './config.js';

const loaded = loadConfig({ BASE_URL: 'http://127.0.0.1', REST_INTERNAL_URL: 'http://127.0.0.1:9', INTERNAL_TOKEN: 'k'.repeat(32) });
if (!loaded.ok) throw new Error(loaded.problems.join('\n'));
const refusing: ServiceApi = {
  call: async () => {
    throw new Error('no REST app in this spec');
  },
};
let restUp = true;
let server: RunningServer;
let base = '';
beforeAll(async () => {
  const service = createApp({
    config: loaded.config,
    logger: createLogger({ service: 'mcp-gateway', level: 'silent' }),
    serviceFor: () => refusing,
    restReachable: async () => restUp,
  });
  await service.ready;
  server = await startServer(service.app, { port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(async () => {
  await server?.close(1_000);
});

describe('gateway app', () => {
  it('when a path is unknown then the answer is 404 not_found as JSON with a request id', async () => {
    const response = await fetch(`${base}/nowhere`, { headers: { 'x-request-id': 'gw-1' } });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'not_found' });
    expect(response.headers.get('x-request-id')).toBe('gw-1');
  });

  it('when the REST app is down then /readyz answers 503 and /healthz still 200', async () => {
    restUp = false;
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'unavailable', rest: false });
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    restUp = true;
    expect(await (await fetch(`${base}/readyz`)).json()).toEqual({ status: 'ok', rest: true });
  });

  it('when /mcp is called without a token then it is 401 pointing at the protected-resource metadata', async () => {
    const response = await fetch(`${base}/mcp`, { method: 'POST' });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toContain('resource_metadata=');
  });
});
