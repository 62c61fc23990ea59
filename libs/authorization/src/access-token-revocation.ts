// RFC 7009 revocation of access tokens. Ours are JWTs, which oidc-provider neither stores nor
// revokes: its revocation endpoint answers 400 unsupported_token_type for any JWT, so a leaked
// access token lived its full hour. This provider middleware runs after that endpoint: when it
// refused a JWT, and the token is one this server signed for the resource and issued to the
// client asking, its `jti` is recorded as revoked until the token's expiry (libs/db
// revoked-access-tokens.ts) and the answer becomes RFC 7009's 200. /mcp refuses a recorded
// token on its next call. Anything else that is not revocable here (a forged or expired
// token, another client's) also gets 200 with nothing done (RFC 7009 2.2).
import { createLocalJWKSet, errors, jwtVerify, type JWK } from 'jose';
import { recordRevokedAccessToken, type DbClient } from '@oms/db';

/** What the middleware reads and writes of the provider's Koa context (oidc-provider's is wider). */
export type RevocationContext = {
  oidc?: { route?: string; params?: Record<string, unknown> | undefined; client?: { clientId: string } | undefined } | undefined;
  status: number;
  body: unknown;
};
type Middleware = (ctx: RevocationContext, next: () => Promise<void>) => Promise<void>;

export function jwtAccessTokenRevocation(options: { db: DbClient; issuer: string; audience: string; signingKeys: Record<string, unknown>[] }): Middleware {
  // Only the public parts of the signing keys.
  const publicKeys = options.signingKeys.map((key) => {
    const { d: _private, ...rest } = key;
    return rest as JWK;
  });
  const keySet = createLocalJWKSet({ keys: publicKeys });
  return async (ctx, next) => {
    await next();
    const body = ctx.body as { error?: unknown } | undefined;
    if (ctx.oidc?.route !== 'revocation' || ctx.status !== 400 || body?.error !== 'unsupported_token_type') return;
    const token = ctx.oidc.params?.['token'];
    const client = ctx.oidc.client;
    if (typeof token !== 'string' || !client) return;
    try {
      const { payload } = await jwtVerify(token, keySet, { issuer: options.issuer, audience: options.audience, typ: 'at+jwt', algorithms: ['ES256'] });
      if (typeof payload.jti === 'string' && typeof payload.exp === 'number' && payload['client_id'] === client.clientId) {
        await recordRevokedAccessToken(options.db, {
          jti: payload.jti,
          accountId: typeof payload.sub === 'string' ? payload.sub : '',
          clientId: client.clientId,
          grantId: typeof payload['gid'] === 'string' ? payload['gid'] : null,
          expiresAt: new Date(payload.exp * 1000),
        });
      }
    } catch (error) {
      // jose's verdicts on a token (bad signature, expired, wrong claims, malformed): nothing to revoke.
      if (!(error instanceof errors.JOSEError)) throw error;
    }
    ctx.status = 200;
    ctx.body = '';
  };
}
