import { Router } from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { startServer, type RunningServer } from '../start-server.js';
import { createHttpShell } from './create-http-shell.js';
import { requestLog, setRequestUser } from './request-scope.js';

type Line = Record<string, unknown>;
const lines: Line[] = [];
const logger = createLogger({ service: 'spec', level: 'info', destination: { write: (line: string) => void lines.push(JSON.parse(line) as Line) } });
let databaseUp = true;
let base = '';
let servers: RunningServer[] = [];

async function listen(app: Parameters<typeof startServer>[0]): Promise<string> {
  const server = await startServer(app, { port: 0, host: '127.0.0.1' });
  servers.push(server);
  return `http://127.0.0.1:${server.port}`;
}

beforeAll(async () => {
  const { app, finish } = createHttpShell({
    logger,
    trustProxy: 1,
    readiness: {
      database: async () => databaseUp,
      cache: async () => {
        throw new Error('refused');
      },
    },
  });
  const api = Router();
  api.get('/me', (_req, res) => {
    setRequestUser(res, 'user-1');
    requestLog(res)?.info('looked up');
    res.json({ ip: _req.ip });
  });
  app.use('/api', api);
  app.get('/boom', () => {
    throw new Error('secret detail at /srv/app.js:12');
  });
  finish();
  base = await listen(app);
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close(1_000)));
  servers = [];
});
beforeEach(() => {
  lines.length = 0;
  databaseUp = true;
});

describe('createHttpShell', () => {
  it('when a request comes with a sane X-Request-Id then the answer echoes it and the logs carry it', async () => {
    const response = await fetch(`${base}/api/me`, { headers: { 'x-request-id': 'abc-123.x_y' } });
    expect(response.headers.get('x-request-id')).toBe('abc-123.x_y');
    expect(lines.every((line) => line['requestId'] === 'abc-123.x_y')).toBe(true);
  });

  it('when the X-Request-Id is missing or not sane then a new id is made and echoed', async () => {
    const missing = await fetch(`${base}/healthz`);
    const hostile = await fetch(`${base}/healthz`, { headers: { 'x-request-id': 'a b<script>' } });
    const long = await fetch(`${base}/healthz`, { headers: { 'x-request-id': 'a'.repeat(65) } });
    for (const response of [missing, hostile, long]) expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('when an answer is sent then one access-log line names the full path, status, time and the user id once known', async () => {
    await fetch(`${base}/api/me?secret=1`);
    const access = lines.filter((line) => line['msg'] === 'request');
    expect(access).toHaveLength(1);
    expect(access[0]).toMatchObject({ service: 'spec', method: 'GET', path: '/api/me', status: 200, userId: 'user-1' });
    expect(access[0]?.['ms']).toEqual(expect.any(Number));
    expect(lines.find((line) => line['msg'] === 'looked up')).toMatchObject({ userId: 'user-1' });
    await fetch(`${base}/healthz`);
    expect(lines.at(-1)).not.toHaveProperty('userId');
  });

  it('when no route matches then the answer is 404 not_found as JSON', async () => {
    const response = await fetch(`${base}/nowhere`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'not_found' });
    expect(response.headers.get('x-powered-by')).toBeNull();
  });

  it('when a handler throws then the answer is a plain JSON 500 and the error is logged with the request id', async () => {
    const response = await fetch(`${base}/boom`, { headers: { 'x-request-id': 'boom-1' } });
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: 'internal', message: 'Something went wrong on our side.' });
    expect(text).not.toContain('secret');
    expect(lines.find((line) => line['msg'] === 'unexpected error')).toMatchObject({ requestId: 'boom-1', level: 50 });
  });

  it('when the app gives its own error answers then finish uses them instead of the plain ones', async () => {
    const { app, finish } = createHttpShell({ logger });
    app.get('/boom', () => {
      throw new Error('x');
    });
    finish({ notFound: (_req, res) => void res.status(404).json({ error: 'gone' }), onError: (_error, _req, res, _next) => void res.status(418).json({ error: 'teapot' }) });
    const url = await listen(app);
    expect(await (await fetch(`${url}/nowhere`)).json()).toEqual({ error: 'gone' });
    expect((await fetch(`${url}/boom`)).status).toBe(418);
  });

  it('when the process runs then /healthz answers ok', async () => {
    const response = await fetch(`${base}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('when a readiness check fails or throws then /readyz answers 503 naming each check', async () => {
    databaseUp = false;
    const response = await fetch(`${base}/readyz`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 'unavailable', database: false, cache: false });
  });

  it('when every readiness check passes then /readyz answers 200 ok', async () => {
    const { app, finish } = createHttpShell({ logger, readiness: { database: async () => true } });
    finish();
    const response = await fetch(`${await listen(app)}/readyz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: true });
  });

  it('when trust proxy is a hop count then the address is the last forwarded hop, not a spoofed first entry', async () => {
    const response = await fetch(`${base}/api/me`, { headers: { 'x-forwarded-for': '6.6.6.6, 10.0.0.7' } });
    expect(((await response.json()) as { ip: string }).ip).toBe('10.0.0.7');
  });
});
