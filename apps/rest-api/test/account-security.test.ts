// Account takeover and abuse (issue 17, items 5 and 8): two-factor needs the password, guesses
// at the password or code are limited and never say which factor was wrong, sign-up and
// sign-in are limited per address, and a push device token cannot be taken from its holder.
import { describe, expect, it } from 'vitest';
import { connectMcp } from '@oms/testing';
import { totpCode } from '@oms/ontology-service';
import { TURTLE, uniqueEmail, type SignedUpUser } from './support/test-server.js';
import { useTestServer } from './support/use-test-server.js';

// Behind one trusted proxy: X-Forwarded-For names the client address.
const { server } = useTestServer({ env: { TRUST_PROXY: '1', SIGN_UP_LIMIT: '3' } });

const from = (address: string) => ({ 'x-forwarded-for': address });
let nextAddress = 1;
/** A documentation address (RFC 5737) no other test uses, so each test has its own counters. */
const freshAddress = () => `203.0.113.${nextAddress++}`;

/** Signs a user up from an address of its own (the sign-up limit here is 3 per address). */
async function newUser(): Promise<SignedUpUser> {
  const address = freshAddress();
  const email = uniqueEmail();
  const password = 'correct horse battery';
  const response = await server.request('POST', '/api/v1/users', {
    headers: from(address),
    json: { user: { email, password, password_confirmation: password, name: 'Secure User' } },
  });
  expect(response.status, response.text).toBe(201);
  return { id: response.body.user.id, email, name: 'Secure User', password, token: response.body.user.api_tokens[0].token };
}

/** Starts two-factor set-up with the user's token; answers the secret. */
async function beginTwoFactor(user: SignedUpUser): Promise<string> {
  const begin = await server.request('POST', '/api/v1/two_factor', { token: user.token });
  expect(begin.status).toBe(201);
  return begin.body.secret as string;
}

const earlier = () => new Date(Date.now() - 30_000);

describe('two-factor needs the password', () => {
  it('when someone holding only an API token turns two-factor on with their own authenticator then it is refused and the owner still signs in with the password', async () => {
    const owner = await newUser();
    const attackerSecret = await beginTwoFactor(owner);
    const withoutPassword = await server.request('POST', '/api/v1/two_factor/confirm', { token: owner.token, json: { otp_attempt: totpCode(attackerSecret, earlier()) } });
    expect(withoutPassword.status).toBe(422);
    expect(withoutPassword.body.errors).toHaveProperty('password');
    const guessedPassword = await server.request('POST', '/api/v1/two_factor/confirm', {
      token: owner.token,
      json: { password: 'a guessed password', otp_attempt: totpCode(attackerSecret, new Date()) },
    });
    expect(guessedPassword.status).toBe(422);
    expect((await server.request('GET', '/api/v1/two_factor', { token: owner.token })).body).toEqual({ enabled: false });
    const signIn = await server.request('POST', '/api/v1/auth', { json: { email: owner.email, password: owner.password } });
    expect(signIn.status).toBe(200);
  });

  it('when the owner confirms with the password and a code then two-factor is on', async () => {
    const owner = await newUser();
    const secret = await beginTwoFactor(owner);
    const confirm = await server.request('POST', '/api/v1/two_factor/confirm', { token: owner.token, json: { password: owner.password, otp_attempt: totpCode(secret, earlier()) } });
    expect(confirm.status).toBe(200);
    expect(confirm.body).toEqual({ enabled: true });
  });

  it('when turning two-factor on or off gets a wrong password or a wrong code then every case answers the same 422', async () => {
    const owner = await newUser();
    const secret = await beginTwoFactor(owner);
    const wrongCode = totpCode(secret, new Date()) === '000000' ? '111111' : '000000';
    const confirmAnswers = [];
    for (const json of [
      { password: 'not my password', otp_attempt: totpCode(secret, new Date()) },
      { password: owner.password, otp_attempt: wrongCode },
      { password: 'not my password', otp_attempt: wrongCode },
    ]) {
      const answer = await server.request('POST', '/api/v1/two_factor/confirm', { token: owner.token, json });
      confirmAnswers.push({ status: answer.status, body: answer.body });
    }
    expect(new Set(confirmAnswers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(confirmAnswers[0]).toEqual({ status: 422, body: { errors: { base: ['password or one-time code is invalid'] } } });

    await server.request('POST', '/api/v1/two_factor/confirm', { token: owner.token, json: { password: owner.password, otp_attempt: totpCode(secret, earlier()) } });
    const wrongPassword = await server.request('DELETE', '/api/v1/two_factor', { token: owner.token, json: { password: 'not my password', otp_attempt: totpCode(secret, new Date()) } });
    const wrongOtp = await server.request('DELETE', '/api/v1/two_factor', { token: owner.token, json: { password: owner.password, otp_attempt: wrongCode } });
    expect(wrongPassword.status).toBe(422);
    expect(wrongOtp.body).toEqual(wrongPassword.body);
    expect(wrongPassword.body).toEqual(confirmAnswers[0]?.body);
  });
});

describe('guesses at a signed-in user\'s password are limited', () => {
  it('when PUT /api/v1/password gets 10 wrong current passwords then the next attempt answers 429 with Retry-After, even with the right password', async () => {
    const owner = await newUser();
    const change = (current: string) =>
      server.request('PUT', '/api/v1/password', { token: owner.token, json: { user: { current_password: current, password: 'a brand new secret', password_confirmation: 'a brand new secret' } } });
    for (let i = 0; i < 10; i++) expect((await change(`guess number ${i}`)).status).toBe(422);
    const refused = await change(owner.password);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: 'rate_limited', retry_after: expect.any(Number) });
    expect(Number(refused.headers.get('retry-after'))).toBe(refused.body.retry_after);
    expect((await server.request('POST', '/api/v1/auth', { json: { email: owner.email, password: owner.password } })).status).toBe(200);
  });

  it('when DELETE /api/v1/two_factor gets 10 wrong passwords or codes then the next attempt answers 429 and two-factor stays on', async () => {
    const owner = await newUser();
    const secret = await beginTwoFactor(owner);
    await server.request('POST', '/api/v1/two_factor/confirm', { token: owner.token, json: { password: owner.password, otp_attempt: totpCode(secret, earlier()) } });
    const disable = (password: string, otp: string) => server.request('DELETE', '/api/v1/two_factor', { token: owner.token, json: { password, otp_attempt: otp } });
    for (let i = 0; i < 10; i++) expect((await disable(i % 2 ? owner.password : `guess ${i}`, String(100000 + i))).status).toBe(422);
    const refused = await disable(owner.password, totpCode(secret, new Date()));
    expect(refused.status).toBe(429);
    expect((await server.request('GET', '/api/v1/two_factor', { token: owner.token })).body).toEqual({ enabled: true });
  });

  it('when the right password is given then the count starts again', async () => {
    const owner = await newUser();
    const change = (current: string, next = 'a brand new secret') =>
      server.request('PUT', '/api/v1/password', { token: owner.token, json: { user: { current_password: current, password: next, password_confirmation: next } } });
    for (let i = 0; i < 9; i++) expect((await change(`guess number ${i}`)).status).toBe(422);
    expect((await change(owner.password)).status).toBe(200);
    for (let i = 0; i < 9; i++) expect((await change(`guess again ${i}`)).status).toBe(422);
    expect((await change('a brand new secret', 'another new secret')).status).toBe(200);
  });
});

describe('sign-up and sign-in limits per address', () => {
  it('when one address signs up more often than SIGN_UP_LIMIT then it answers 429, and another address still signs up', async () => {
    const address = freshAddress();
    const signUp = (at: string) =>
      server.request('POST', '/api/v1/users', {
        headers: from(at),
        json: { user: { email: uniqueEmail('bulk'), password: 'long enough pw', password_confirmation: 'long enough pw', name: 'Bulk' } },
      });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await signUp(address)).status);
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    const refused = await signUp(address);
    expect(refused.body).toMatchObject({ error: 'rate_limited', retry_after: expect.any(Number) });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await signUp(freshAddress())).status).toBe(201);
  });

  it('when a stranger tries 10 wrong passwords for an account then the stranger is limited but its owner signs in from another address', async () => {
    const owner = await newUser();
    const stranger = freshAddress();
    const attempt = (address: string, password: string) => server.request('POST', '/api/v1/auth', { headers: from(address), json: { email: owner.email, password } });
    for (let i = 0; i < 10; i++) expect((await attempt(stranger, `guess ${i}`)).status).toBe(401);
    expect((await attempt(stranger, owner.password)).status).toBe(429);
    expect((await attempt(freshAddress(), owner.password)).status).toBe(200);
  });

  it('when one address tries wrong passwords for many accounts then it is limited across all of them', async () => {
    const address = freshAddress();
    const statuses = [];
    for (let i = 0; i < 51; i++) {
      statuses.push((await server.request('POST', '/api/v1/auth', { headers: from(address), json: { email: `nobody-${i}@example.com`, password: 'whatever123' } })).status);
    }
    expect(statuses.slice(0, 50).every((status) => status === 401)).toBe(true);
    expect(statuses[50]).toBe(429);
  });
});

describe('names made only of invisible characters', () => {
  const INVISIBLE = [
    ['zero-width spaces (U+200B)', '\u200B\u200B'],
    ['a right-to-left override (U+202E)', '\u202E'],
    ['a byte-order mark (U+FEFF)', '\uFEFF'],
    ['bidi isolates and a mark (U+2066, U+2069, U+200F)', '\u2066\u2069\u200F'],
    ['spaces, a word joiner and a soft hyphen', ' \u2060\u00AD '],
  ];

  it.each(INVISIBLE)('when a title, user name or account name is only %s then REST answers 422 as blank', async (_label, value) => {
    const owner = await newUser();
    const ontology = await server.request('POST', '/api/v1/ontologies', { token: owner.token, json: { ontology: { title: value, source: TURTLE, source_format: 'turtle' } } });
    expect(ontology.status).toBe(422);
    expect(ontology.body.errors).toHaveProperty('title');
    const account = await server.request('POST', '/api/v1/accounts', { token: owner.token, json: { account: { name: value } } });
    expect(account.status).toBe(422);
    expect(account.body.errors).toHaveProperty('name');
    const signUp = await server.request('POST', '/api/v1/users', {
      headers: from(freshAddress()),
      json: { user: { email: uniqueEmail(), password: 'long enough pw', password_confirmation: 'long enough pw', name: value } },
    });
    expect(signUp.status).toBe(422);
    expect(signUp.body.errors).toHaveProperty('name');
  });

  it('when a title has invisible characters around visible text then they are trimmed like spaces', async () => {
    const owner = await newUser();
    const created = await server.request('POST', '/api/v1/ontologies', {
      token: owner.token,
      json: { ontology: { title: '\u200B\u202EQuarterly\u2069 ', source: TURTLE, source_format: 'turtle' } },
    });
    expect(created.status).toBe(201);
    expect(created.body.title).toBe('Quarterly');
  });

  it('when an agent creates an ontology titled only with invisible characters then the tool refuses it', async () => {
    const owner = await newUser();
    const client = await connectMcp(server.baseUrl, owner.token, 'modern');
    try {
      const accounts = (await client.callTool({ name: 'list_accounts', arguments: {} })).structuredContent as { accounts: { id: string }[] };
      const result = await client.callTool({
        name: 'create_ontology',
        arguments: { account_id: accounts.accounts[0]?.id, title: '\u200B\u200D\uFEFF', source: TURTLE, source_format: 'turtle' },
      });
      expect(result.isError).toBe(true);
      expect(JSON.stringify(result.content)).toMatch(/title/);
    } finally {
      await client.close();
    }
  });
});
