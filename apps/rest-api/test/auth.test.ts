import { describe, expect, it } from 'vitest';
import { totpCode } from '@oms/ontology-service';
import { signUpUser } from './support/test-server.js';
import { useTestServer } from './support/use-test-server.js';

const { server } = useTestServer();

describe('POST /api/v1/auth', () => {
  it('when e-mail and password are right then it answers 200 with a new working token', async () => {
    const user = await signUpUser(server);
    const response = await server.request('POST', '/api/v1/auth', { json: { email: user.email, password: user.password } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ token: expect.stringMatching(/^oms_/) });
    expect(response.body.token).not.toBe(user.token);
    expect((await server.request('GET', '/api/v1/me', { token: response.body.token })).status).toBe(200);
  });

  it('when the e-mail differs in case and spacing then it still signs in', async () => {
    const user = await signUpUser(server);
    const response = await server.request('POST', '/api/v1/auth', {
      json: { email: ` ${user.email.toUpperCase()} `, password: user.password, otp_attempt: '' },
    });
    expect(response.status).toBe(200);
  });

  it('when one account gets too many wrong passwords then it answers 429 with Retry-After', async () => {
    const user = await signUpUser(server);
    const attempt = () => server.request('POST', '/api/v1/auth', { json: { email: user.email, password: 'wrong password!' } });
    for (let i = 0; i < 10; i++) expect((await attempt()).status).toBe(401);
    const refused = await attempt();
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: 'rate_limited', retry_after: expect.any(Number) });
    expect(Number(refused.headers.get('retry-after'))).toBe(refused.body.retry_after);
  });

  it('when one address signs in successfully more often than its attempt limit (50) then every sign-in still answers 200', async () => {
    const user = await signUpUser(server);
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) {
      statuses.push((await server.request('POST', '/api/v1/auth', { json: { email: user.email, password: user.password } })).status);
    }
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
  });

  it.each([
    ['a wrong password', (u: { email: string }) => ({ email: u.email, password: 'wrong password!' })],
    ['an unknown e-mail', () => ({ email: 'nobody-here@example.com', password: 'whatever123' })],
  ])('when it gets %s then it answers 401 unauthorized', async (_label, body) => {
    const user = await signUpUser(server);
    const response = await server.request('POST', '/api/v1/auth', { json: body(user) });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: 'unauthorized' });
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });

  it.each([
    ['no password', { email: 'a@example.com' }, 'password'],
    ['a numeric e-mail', { email: 5, password: 'x' }, 'email'],
    ['an unknown field', { email: 'a@example.com', password: 'x', remember: true }, 'remember'],
  ])('when the body has %s then it answers 422', async (_label, json, field) => {
    const response = await server.request('POST', '/api/v1/auth', { json });
    expect(response.status).toBe(422);
    expect(response.body.errors).toHaveProperty(field);
  });
});

describe('two-factor sign-in', () => {
  it('when two-factor is on then sign-in needs a fresh code, and a code is never accepted twice', async () => {
    const user = await signUpUser(server);
    const begin = await server.request('POST', '/api/v1/two_factor', { token: user.token });
    expect(begin.status).toBe(201);
    expect(begin.body.otpauth_uri).toMatch(/^otpauth:\/\/totp\//);
    const secret: string = begin.body.secret;

    const wrong = await server.request('POST', '/api/v1/two_factor/confirm', { token: user.token, json: { password: user.password, otp_attempt: '12345' } });
    expect(wrong.status).toBe(422);

    // The code of the previous 30 s step is still accepted (clock drift); keep clear of a step
    // boundary so that the server's step is the test's step when the code arrives.
    const untilNextStep = 30_000 - (Date.now() % 30_000);
    if (untilNextStep < 5_000) await new Promise((resolve) => setTimeout(resolve, untilNextStep + 100));
    const previousStep = new Date(Date.now() - 30_000);
    const confirm = await server.request('POST', '/api/v1/two_factor/confirm', {
      token: user.token,
      json: { password: user.password, otp_attempt: totpCode(secret, previousStep) },
    });
    expect(confirm.status).toBe(200);
    expect(confirm.body).toEqual({ enabled: true });

    const withoutCode = await server.request('POST', '/api/v1/auth', { json: { email: user.email, password: user.password } });
    expect(withoutCode.status).toBe(401);
    const withWrongCode = await server.request('POST', '/api/v1/auth', {
      json: { email: user.email, password: user.password, otp_attempt: '000000' === totpCode(secret, new Date()) ? '111111' : '000000' },
    });
    expect(withWrongCode.status).toBe(401);

    const code = totpCode(secret, new Date());
    const withCode = await server.request('POST', '/api/v1/auth', { json: { email: user.email, password: user.password, otp_attempt: code } });
    expect(withCode.status).toBe(200);
    const replay = await server.request('POST', '/api/v1/auth', { json: { email: user.email, password: user.password, otp_attempt: code } });
    expect(replay.status).toBe(401);

    expect((await server.request('GET', '/api/v1/two_factor', { token: user.token })).body).toEqual({ enabled: true });
  });

  it('when two-factor endpoints are called without a token then they answer 401', async () => {
    expect((await server.request('POST', '/api/v1/two_factor')).status).toBe(401);
    expect((await server.request('DELETE', '/api/v1/two_factor', { json: { password: 'x', otp_attempt: '1' } })).status).toBe(401);
  });

  it('when disabling gets a wrong password then it answers 422 and two-factor stays on', async () => {
    const user = await signUpUser(server);
    const { body } = await server.request('POST', '/api/v1/two_factor', { token: user.token });
    await server.request('POST', '/api/v1/two_factor/confirm', {
      token: user.token,
      json: { password: user.password, otp_attempt: totpCode(body.secret, new Date(Date.now() - 30_000)) },
    });
    const response = await server.request('DELETE', '/api/v1/two_factor', {
      token: user.token,
      json: { password: 'not my password', otp_attempt: totpCode(body.secret, new Date()) },
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ base: ['password or one-time code is invalid'] });
    const disable = await server.request('DELETE', '/api/v1/two_factor', {
      token: user.token,
      json: { password: user.password, otp_attempt: totpCode(body.secret, new Date()) },
    });
    expect(disable.status).toBe(200);
    expect(disable.body).toEqual({ enabled: false });
  });
});
