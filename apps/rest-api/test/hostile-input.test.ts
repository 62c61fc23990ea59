// What a careless client or an attacker sends: never a 5xx, a hang or a stack trace.
import { request as httpRequest } from 'node:http';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { signUpUser, startTestServer } from './support/test-server.js';
import { useTestServer } from './support/use-test-server.js';

const { server } = useTestServer();

const validSignUp = (email: string) =>
  JSON.stringify({ user: { email, password: 'long enough pw', password_confirmation: 'long enough pw', name: 'N' } });

describe('request bodies', () => {
  it('when the JSON is malformed then it answers 400 invalid_json', async () => {
    const response = await server.request('POST', '/api/v1/users', { body: '{"user": {', headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'invalid_json' });
  });

  it('when the body is not valid UTF-8 then it answers 400 instead of guessing', async () => {
    const bytes = Buffer.concat([Buffer.from('{"email":"'), Buffer.from([0xff, 0xfe]), Buffer.from('","password":"x"}')]);
    const response = await server.request('POST', '/api/v1/auth', { body: bytes, headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(400);
  });

  it('when the Content-Type is missing then the body is still read as JSON', async () => {
    const body = validSignUp(`no-type-${Date.now()}@example.com`);
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(`${server.baseUrl}/api/v1/users`, { method: 'POST', headers: { 'content-length': Buffer.byteLength(body) } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end(body);
    });
    expect(status).toBe(201);
  });

  it('when fetch labels a JSON string text/plain then it is read as JSON', async () => {
    const response = await server.request('POST', '/api/v1/users', { body: validSignUp(`plain-${Date.now()}@example.com`) });
    expect(response.status).toBe(201);
  });

  it('when the Content-Type is not JSON then it answers 415', async () => {
    const response = await server.request('POST', '/api/v1/users', {
      body: 'user[email]=a@b.c',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBe(415);
    expect(response.body.error).toBe('unsupported_media_type');
  });

  it('when the body is larger than the limit then it answers 413', async () => {
    const response = await server.request('POST', '/api/v1/users', {
      body: `{"user":{"name":"${'x'.repeat(17 * 1024 * 1024)}"}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(413);
  });

  it('when a stranger sends a body to a protected endpoint then it answers 401 before reading it', async () => {
    const malformed = await server.request('POST', '/api/v1/ontologies', { body: '{"ontology": {', headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBe(401);
    expect(malformed.body).toEqual({ error: 'unauthorized' });
    const large = await server.request('POST', '/api/v1/ontologies', {
      body: `{"ontology":{"source":"${'x'.repeat(17 * 1024 * 1024)}"}}`,
      headers: { 'content-type': 'application/json', authorization: 'Bearer oms_not-a-token' },
    });
    expect(large.status).toBe(401);
  });

  it('when a signed-in user sends malformed JSON to a protected endpoint then it still answers 400 invalid_json', async () => {
    const user = await signUpUser(server);
    const response = await server.request('POST', '/api/v1/ontologies', { token: user.token, body: '{"ontology": {', headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'invalid_json' });
  });

  it('when a small gzip body inflates past the limit then it answers 413', async () => {
    const bomb = gzipSync(Buffer.from(`{"a":"${'0'.repeat(40 * 1024 * 1024)}"}`));
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const response = await server.request('POST', '/api/v1/users', {
      body: bomb,
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    });
    expect(response.status).toBe(413);
  });

  it('when a gzip body is valid then it is read', async () => {
    const response = await server.request('POST', '/api/v1/users', {
      body: gzipSync(Buffer.from(validSignUp(`gz-${Date.now()}@example.com`))),
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    });
    expect(response.status).toBe(201);
  });

  it('when the Content-Encoding is unknown then it answers 415', async () => {
    const response = await server.request('POST', '/api/v1/auth', {
      body: '{}',
      headers: { 'content-type': 'application/json', 'content-encoding': 'zstd-custom' },
    });
    expect(response.status).toBe(415);
  });

  it('when a lone surrogate is sent then it answers 422 rather than storing a replacement character', async () => {
    const user = await signUpUser(server);
    const response = await server.request('POST', '/api/v1/accounts', {
      token: user.token,
      body: '{"account":{"name":"bad \\ud800 name"}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toHaveProperty('name');
  });

  it('when a field has the wrong JSON type then the 422 names the type instead of calling it blank', async () => {
    const user = await signUpUser(server);
    const response = await server.request('POST', '/api/v1/ontologies', {
      token: user.token,
      json: { ontology: { title: 123, description: null, source: ['a: 1'], source_format: 'yaml' }, change_summary: 5 },
    });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      errors: {
        title: ['must be a string'],
        description: ['must be a string'],
        source: ['must be a string'],
        change_summary: ['must be a string'],
      },
    });
    const wrapper = await server.request('POST', '/api/v1/ontologies', { token: user.token, json: { ontology: [] } });
    expect(wrapper.body).toEqual({ errors: { ontology: ['must be an object'] } });
    const otp = await server.request('POST', '/api/v1/auth', { json: { email: user.email, password: user.password, otp_attempt: 123456 } });
    expect(otp.body).toEqual({ errors: { otp_attempt: ['must be a string'] } });
  });

  it('when a query parameter is repeated then the 422 says it must be given once', async () => {
    const user = await signUpUser(server);
    const response = await server.request('GET', '/api/v1/ontologies?page=1&page=2&per_page=5', { token: user.token });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ errors: { page: ['must be given only once'] } });
  });

  it('when __proto__ keys are sent then they are refused as unknown fields', async () => {
    const response = await server.request('POST', '/api/v1/auth', {
      body: '{"email":"a@b.co","password":"x","__proto__":{"admin":true}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(422);
  });
});

describe('routing and failures', () => {
  it('when the path is unknown then it answers 404 not_found (after authentication)', async () => {
    const user = await signUpUser(server);
    const response = await server.request('GET', '/api/v1/nothing-here', { token: user.token });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 'not_found' });
    expect((await server.request('GET', '/nowhere')).status).toBe(404);
  });

  it('when a known path is asked with a method it does not serve then it answers 405 with Allow, after authentication', async () => {
    const user = await signUpUser(server);
    const id = '01a20413-0000-7000-8000-000000000000';
    const cases: [string, string, string][] = [
      ['PUT', `/api/v1/ontologies/${id}`, 'GET, HEAD, PATCH, DELETE, OPTIONS'],
      ['POST', `/api/v1/ontologies/${id}/`, 'GET, HEAD, PATCH, DELETE, OPTIONS'],
      ['DELETE', '/api/v1/ontologies', 'GET, HEAD, POST, OPTIONS'],
      ['POST', `/api/v1/ontologies/${id}/commits`, 'GET, HEAD, OPTIONS'],
      ['GET', '/api/v1/users', 'POST, OPTIONS'],
      ['PATCH', '/api/v1/me', 'GET, HEAD, DELETE, OPTIONS'],
      ['GET', '/api/v1/notification_tokens', 'POST, DELETE, OPTIONS'],
    ];
    for (const [method, path, allow] of cases) {
      const response = await server.request(method, path, { token: user.token, ...(method === 'GET' ? {} : { body: '{"not json' }) });
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers.get('allow')).toBe(allow);
      expect(response.body).toMatchObject({ error: 'method_not_allowed' });
    }
    expect((await server.request('PUT', `/api/v1/ontologies/${id}`)).status).toBe(401);
    expect((await server.request('GET', `/api/v1/ontologies/${id}`, { token: user.token })).status).toBe(404);
  });

  it('when the path has a broken percent-encoding then it answers 4xx', async () => {
    const user = await signUpUser(server);
    const response = await server.request('GET', '/api/v1/accounts/%E0%A4%A', { token: user.token });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });

  it('when the database is gone then it answers 500 with no internal detail', async () => {
    const broken = await startTestServer();
    const user = await signUpUser(broken);
    await broken.db.close();
    const response = await broken.request('GET', '/api/v1/me', { token: user.token });
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ error: 'internal', message: 'Something went wrong on our side.' });
    expect(response.text).not.toMatch(/at .*\.(ts|js):\d+/);
    const ready = await broken.request('GET', '/readyz');
    expect(ready.status).toBe(503);
    await broken.close().catch(() => undefined);
  });

  it('when health is asked then /healthz and /readyz answer 200', async () => {
    expect((await server.request('GET', '/healthz')).status).toBe(200);
    expect((await server.request('GET', '/readyz')).body).toEqual({ status: 'ok', database: true });
  });
});
