import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonInternalError, jsonNotFound } from './json-fallbacks.js';
import { startServer, type RunningServer } from '../start-server.js';
import { recordingLogger } from '../testing.js';

const { logger, entries: logged } = recordingLogger();
let server: RunningServer;
beforeAll(async () => {
  const app = express();
  app.get('/boom', () => {
    throw new Error('secret detail at /srv/app.js:12');
  });
  app.use(jsonNotFound());
  app.use(jsonInternalError(logger));
  server = await startServer(app, { port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await server?.close(1_000);
});

describe('JSON fallbacks', () => {
  it('when no route matches then the answer is 404 not_found as JSON', async () => {
    const response = await fetch(`http://127.0.0.1:${server.port}/nowhere`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'not_found' });
  });

  it('when a handler throws then the error is logged and the answer is a plain 500 without its details', async () => {
    const response = await fetch(`http://127.0.0.1:${server.port}/boom`);
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: 'internal', message: 'Something went wrong on our side.' });
    expect(text).not.toContain('secret');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: 50, msg: 'unexpected error', err: { message: 'secret detail at /srv/app.js:12' } });
  });
});
