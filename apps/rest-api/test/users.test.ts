import { describe, expect, it } from 'vitest';
import { CreatedUserResponse } from '@oms/contracts';
import { signUpUser, uniqueEmail } from './support/test-server.js';
import { useTestServer } from './support/use-test-server.js';

const { server } = useTestServer();

const signUpBody = (user: Record<string, unknown>) => ({
  user: { email: uniqueEmail(), password: 'long enough pw', password_confirmation: 'long enough pw', name: 'Ada', ...user },
});

describe('POST /api/v1/users', () => {
  it('when the sign-up is valid then it answers 201 with the user and a working API token', async () => {
    const email = uniqueEmail();
    const response = await server.request('POST', '/api/v1/users', { json: signUpBody({ email, name: 'Ada Lovelace' }) });
    expect(response.status).toBe(201);
    const body = CreatedUserResponse.parse(response.body);
    expect(body.user).toMatchObject({ email, name: 'Ada Lovelace' });
    expect(body.user.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-/);
    expect(body.user.api_tokens).toHaveLength(1);
    const me = await server.request('GET', '/api/v1/me', { token: body.user.api_tokens[0]?.token ?? '' });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(body.user.id);
  });

  it('when a user signs up then a personal account is created with them as owner and admin', async () => {
    const user = await signUpUser(server, { name: 'Grace' });
    const accounts = await server.request('GET', '/api/v1/accounts', { token: user.token });
    expect(accounts.body).toHaveLength(1);
    expect(accounts.body[0]).toMatchObject({ name: 'Grace', personal: true, owner_id: user.id });
    expect(accounts.body[0].account_users).toEqual([expect.objectContaining({ user_id: user.id, role: 'admin' })]);
  });

  it('when the e-mail is taken in another case then it answers 422 on email', async () => {
    const user = await signUpUser(server);
    const response = await server.request('POST', '/api/v1/users', { json: signUpBody({ email: user.email.toUpperCase() }) });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ errors: { email: ['has already been taken'] } });
  });

  it.each([
    ['a blank name', { name: '   ' }, 'name'],
    ['a short password', { password: 'short', password_confirmation: 'short' }, 'password'],
    ['a confirmation that differs', { password_confirmation: 'something else' }, 'password_confirmation'],
    ['a malformed e-mail', { email: 'not-an-email' }, 'email'],
    ['a missing e-mail', { email: undefined }, 'email'],
    ['a number as name', { name: 42 }, 'name'],
    ['a 2 MB name', { name: 'x'.repeat(2 * 1024 * 1024) }, 'name'],
    ['a NUL character in the name', { name: 'a\u0000b' }, 'name'],
    ['an unknown field', { admin: true }, 'admin'],
    ['an unknown time zone', { time_zone: 'Mars/Olympus' }, 'time_zone'],
  ])('when the body has %s then it answers 422 naming the field', async (_label, user, field) => {
    const response = await server.request('POST', '/api/v1/users', { json: signUpBody(user) });
    expect(response.status).toBe(422);
    expect(response.body.errors).toHaveProperty(field);
    expect(Array.isArray(response.body.errors[field])).toBe(true);
  });

  it.each([
    ['a JSON array', []],
    ['a JSON string', 'hello'],
    ['no user object', { email: 'a@b.c' }],
    ['null', null],
  ])('when the body is %s then it answers 422, not 5xx', async (_label, json) => {
    const response = await server.request('POST', '/api/v1/users', { json });
    expect(response.status).toBe(422);
    expect(response.body.errors).toBeTypeOf('object');
  });
});

describe('POST /api/v1/users with registration closed', () => {
  const { server: closed } = useTestServer({ env: { REGISTRATION: 'closed' } });

  it('when sign-up is closed then it answers 403', async () => {
    const response = await closed.request('POST', '/api/v1/users', { json: signUpBody({}) });
    expect(response.status).toBe(403);
    expect(response.body.error).toBe('registration_closed');
  });
});
