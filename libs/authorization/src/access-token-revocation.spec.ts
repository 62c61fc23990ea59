// The revocation middleware on its own, on a real database: which refused revocations of a JWT
// it turns into a recorded revocation (our signature, issuer, audience, type, this client), which
// it answers 200 for with nothing recorded, and which answers it leaves alone.
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { isAccessTokenRevoked } from '@oms/db';
import { createTestDatabase, type TestDatabase } from '@oms/db/testing';
import { jwtAccessTokenRevocation } from './access-token-revocation.js';

const ISSUER = 'http://127.0.0.1:4000';
const AUDIENCE = `${ISSUER}/mcp`;
let db: TestDatabase;
let key: CryptoKey;
let strangerKey: CryptoKey;
let middleware: ReturnType<typeof jwtAccessTokenRevocation>;
let counter = 0;

// In beforeEach, once: a setup that fails then fails every test (a failing beforeAll only skips them,
// which the mutation run would count as a surviving mutant).
let settingUp: Promise<void> | undefined;
const setUp = async (): Promise<void> => {
  db = await createTestDatabase();
  const pair = await generateKeyPair('ES256', { extractable: true });
  key = pair.privateKey;
  strangerKey = (await generateKeyPair('ES256')).privateKey;
  middleware = jwtAccessTokenRevocation({ db: db.prisma, issuer: ISSUER, audience: AUDIENCE, signingKeys: [{ ...(await exportJWK(pair.privateKey)), kid: 'k1' }] });
};
beforeEach(() => (settingUp ??= setUp()));
afterAll(async () => {
  await db?.dispose();
});

async function token(claims: Record<string, unknown> = {}, options: { key?: CryptoKey; typ?: string; exp?: number } = {}) {
  const jti = `jti-${++counter}`;
  const signed = await new SignJWT({ sub: 'user-1', client_id: 'client-1', gid: 'grant-1', jti, ...claims })
    .setProtectedHeader({ alg: 'ES256', typ: options.typ ?? 'at+jwt', kid: 'k1' })
    .setIssuer((claims['iss'] as string | undefined) ?? ISSUER)
    .setAudience((claims['aud'] as string | undefined) ?? AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(options.exp ?? Math.floor(Date.now() / 1000) + 600)
    .sign(options.key ?? key);
  return { jti, signed };
}

/** The provider's answer to a revocation request, run through the middleware. */
async function revoke(tokenParam: unknown, overrides: { route?: string; status?: number; error?: string; clientId?: string | null } = {}) {
  const ctx = {
    oidc: {
      route: overrides.route ?? 'revocation',
      params: { token: tokenParam },
      client: overrides.clientId === null ? undefined : { clientId: overrides.clientId ?? 'client-1' },
    },
    status: 0,
    body: undefined as unknown,
  };
  await middleware(ctx, async () => {
    ctx.status = overrides.status ?? 400;
    ctx.body = { error: overrides.error ?? 'unsupported_token_type' };
  });
  return { status: ctx.status, body: ctx.body };
}

describe('jwtAccessTokenRevocation', () => {
  it('when the client revokes its own access token then the token is recorded as revoked until it expires, answered 200', async () => {
    const exp = Math.floor(Date.now() / 1000) + 900;
    const { jti, signed } = await token({}, { exp });
    expect(await revoke(signed)).toEqual({ status: 200, body: '' });
    expect(await isAccessTokenRevoked(db.prisma, jti)).toBe(true);
    const row = await db.prisma.oidcPayload.findFirstOrThrow({ where: { id: jti } });
    expect(row.payload).toEqual({ accountId: 'user-1', clientId: 'client-1', grantId: 'grant-1' });
    expect(row.expiresAt).toEqual(new Date(exp * 1000));
  });

  it('when the token is another client\'s, forged, expired, for another audience or issuer, or no access token then 200 and nothing is recorded', async () => {
    const past = Math.floor(Date.now() / 1000) - 120;
    const cases = [
      await token({ client_id: 'client-2' }),
      await token({}, { key: strangerKey }),
      await token({}, { exp: past }),
      await token({ aud: 'http://127.0.0.1:4000/other' }),
      await token({ iss: 'http://127.0.0.1:4001' }),
      await token({}, { typ: 'JWT' }),
    ];
    for (const { jti, signed } of cases) {
      expect(await revoke(signed)).toEqual({ status: 200, body: '' });
      expect(await isAccessTokenRevoked(db.prisma, jti), jti).toBe(false);
    }
    expect(await revoke('not.a.jwt')).toEqual({ status: 200, body: '' });
  });

  it('when the token has no subject or grant then it is still recorded, with an empty account and no grant', async () => {
    const { jti, signed } = await token({ sub: undefined, gid: undefined });
    await revoke(signed);
    const row = await db.prisma.oidcPayload.findFirstOrThrow({ where: { id: jti } });
    expect(row.payload).toEqual({ accountId: '', clientId: 'client-1' });
  });

  it('when the provider answered anything but a refused JWT revocation, or no client or token is known, then the answer is left alone', async () => {
    const { jti, signed } = await token();
    const refused = { status: 400, body: { error: 'unsupported_token_type' } };
    expect(await revoke(signed, { route: 'token' })).toEqual(refused);
    expect(await revoke(signed, { status: 200 })).toEqual({ status: 200, body: { error: 'unsupported_token_type' } });
    expect(await revoke(signed, { error: 'invalid_request' })).toEqual({ status: 400, body: { error: 'invalid_request' } });
    expect(await revoke(signed, { clientId: null })).toEqual(refused);
    expect(await revoke(undefined)).toEqual(refused);
    expect(await isAccessTokenRevoked(db.prisma, jti)).toBe(false);
  });
});
