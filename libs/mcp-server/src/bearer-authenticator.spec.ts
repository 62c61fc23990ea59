// /mcp's token check on its own: API tokens resolved by the REST app, OAuth access tokens
// validated against a JWKS served on 127.0.0.1 (signature, issuer, audience, expiry) and then
// asked about (grant still active, token not revoked). The REST app is a recording stand-in:
// what it answers is the input here, what is asked of it is checked.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { ProcedureOutput } from '@oms/contracts';
import { fakeServiceApi } from '@oms/contracts/testing';
import { bearerAuthenticator, type OAuthVerification } from './bearer-authenticator.js';

const API_TOKEN = `oms_${'A'.repeat(43)}`;
const NOW = new Date('2030-01-01T00:00:00Z');
const USER = '01a20413-0000-7000-8000-000000000001';

let server: Server;
let oauth: OAuthVerification;
let signingKey: CryptoKey;
let strangerKey: CryptoKey;
const asked: { name: string; input: Record<string, unknown> }[] = [];
/** What the stand-in REST app answers. */
let answers: { resolved: ProcedureOutput<'auth.resolveApiToken'>; active: boolean } = { resolved: null, active: true };

const service = fakeServiceApi({
  'auth.resolveApiToken': (input) => {
    asked.push({ name: 'auth.resolveApiToken', input });
    return answers.resolved;
  },
  'auth.grantActive': (input) => {
    asked.push({ name: 'auth.grantActive', input });
    return { active: answers.active };
  },
});

// In beforeEach, once: a setup that fails then fails every test (a failing beforeAll only skips them,
// which the mutation run would count as a surviving mutant).
let settingUp: Promise<void> | undefined;
const setUp = async (): Promise<void> => {
  const pair = await generateKeyPair('ES256');
  signingKey = pair.privateKey;
  strangerKey = (await generateKeyPair('ES256')).privateKey;
  const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' };
  server = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  oauth = { issuer: base, jwksUri: `${base}/oauth/jwks`, audience: `${base}/mcp` };
};
beforeEach(() => (settingUp ??= setUp()));
afterAll(() => new Promise<void>((resolve) => server?.close(() => resolve())));

/** An access token as the authorization server signs it; `claims` override or (undefined) drop a claim. */
async function accessToken(claims: Record<string, unknown> = {}, options: { key?: CryptoKey; expiresAt?: number } = {}) {
  const now = Math.floor(Date.now() / 1000);
  const payload = Object.fromEntries(
    Object.entries({ sub: USER, client_id: 'client-1', scope: 'ontologies other', gid: 'grant-1', jti: 'jti-1', ...claims }).filter(([, v]) => v !== undefined),
  );
  return new SignJWT(payload)
    .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: 'k1' })
    .setIssuer((claims['iss'] as string | undefined) ?? oauth.issuer)
    .setAudience((claims['aud'] as string | undefined) ?? oauth.audience)
    .setIssuedAt(now - 10)
    .setExpirationTime(options.expiresAt ?? now + 600)
    .sign(options.key ?? signingKey);
}

const authenticator = (withOAuth = true) =>
  bearerAuthenticator({ serviceFor: () => service, now: () => NOW, ...(withOAuth ? { oauth } : {}) });

describe('bearerAuthenticator with API tokens', () => {
  it('when the REST app resolves the token then it acts for that user with all their rights, for an hour from now', async () => {
    answers = { resolved: { token_id: 't-1', user_id: USER, account_ids: ['a-1'] }, active: true };
    asked.length = 0;
    expect(await authenticator()(API_TOKEN)).toEqual({
      actorId: USER,
      clientId: 'api-token',
      scopes: ['ontologies'],
      expiresAt: NOW.getTime() / 1000 + 3600,
      memberOf: ['a-1'],
      credential: { kind: 'api_token', id: 't-1' },
    });
    expect(asked).toEqual([{ name: 'auth.resolveApiToken', input: { token: API_TOKEN } }]);
  });

  it('when the REST app knows no such token then it is refused', async () => {
    answers = { resolved: null, active: true };
    expect(await authenticator()(API_TOKEN)).toBeNull();
  });

  it('when the token has neither the API token shape nor three parts then nothing is asked and it is refused', async () => {
    answers = { resolved: { token_id: 't-1', user_id: USER, account_ids: [] }, active: true };
    asked.length = 0;
    for (const token of [`${API_TOKEN}A`, `x${API_TOKEN}`, `oms_${'A'.repeat(42)}`, 'a.b', 'a.b.c.d']) {
      expect(await authenticator()(token), token).toBeNull();
    }
    expect(asked.filter((call) => call.name === 'auth.resolveApiToken')).toEqual([]);
  });
});

describe('bearerAuthenticator with OAuth access tokens', () => {
  it('when the token is valid and its grant active then it acts for its subject with its scopes until it expires', async () => {
    answers = { resolved: null, active: true };
    asked.length = 0;
    const expiresAt = Math.floor(Date.now() / 1000) + 600;
    expect(await authenticator()(await accessToken({}, { expiresAt }))).toEqual({
      actorId: USER,
      clientId: 'client-1',
      scopes: ['ontologies', 'other'],
      expiresAt,
      credential: { kind: 'oauth_grant', id: 'grant-1' },
    });
    expect(asked).toEqual([{ name: 'auth.grantActive', input: { grant_id: 'grant-1', user_id: USER, jti: 'jti-1' } }]);
  });

  it('when the grant was revoked or the token itself was then it is refused', async () => {
    answers = { resolved: null, active: false };
    expect(await authenticator()(await accessToken())).toBeNull();
  });

  it('when the token is for another audience, from another issuer, expired or signed by another key then it is refused unasked', async () => {
    answers = { resolved: null, active: true };
    asked.length = 0;
    const past = Math.floor(Date.now() / 1000) - 120;
    for (const token of [
      await accessToken({ aud: 'http://127.0.0.1/elsewhere' }),
      await accessToken({ iss: 'http://127.0.0.1:1' }),
      await accessToken({}, { expiresAt: past }),
      await accessToken({}, { key: strangerKey }),
    ]) {
      expect(await authenticator()(token)).toBeNull();
    }
    expect(asked).toEqual([]);
  });

  it('when OAuth is not configured then access tokens are refused', async () => {
    answers = { resolved: null, active: true };
    expect(await authenticator(false)(await accessToken())).toBeNull();
  });

  it('when claims are missing or not strings then the grant asked about is none and the defaults apply', async () => {
    answers = { resolved: null, active: true };
    asked.length = 0;
    const actor = await authenticator()(await accessToken({ gid: 7, client_id: 'c', scope: undefined }));
    expect(asked[0]?.input).toMatchObject({ grant_id: '' });
    expect(actor).toMatchObject({ scopes: [], credential: { kind: 'oauth_grant', id: '' } });
  });
});
