// /mcp accepts the service's API tokens and OAuth access tokens (DESIGN 4). Access tokens
// are JWTs validated with oauth4webapi against the authorization server's JWKS (signature,
// issuer, audience, expiry); their grant must still exist and their `jti` must not have been
// revoked (POST /oauth/revoke), both asked of the REST app on every call (no cache), so
// revoking an app in settings or one access token stops it at the next call.
import * as oauth from 'oauth4webapi';
import type { ServiceApi } from '@oms/contracts';
import { RESOURCE_SCOPE } from '@oms/domain';
import type { AuthenticatedActor, Authenticator } from './http-router.js';

export type OAuthVerification = {
  /** The issuer the tokens must name (the public BASE_URL). */
  issuer: string;
  /** Where to fetch the keys (an internal URL when the public one is not reachable from here). */
  jwksUri: string;
  /** The audience the tokens must carry: `{BASE_URL}/mcp`. */
  audience: string;
};

const API_TOKEN = /^oms_[A-Za-z0-9_-]{43}$/;

export function bearerAuthenticator(options: {
  serviceFor: (actorId: string | null) => ServiceApi;
  oauth?: OAuthVerification;
  now?: () => Date;
}): Authenticator {
  const now = options.now ?? (() => new Date());
  const as: oauth.AuthorizationServer | undefined = options.oauth
    ? { issuer: options.oauth.issuer, jwks_uri: options.oauth.jwksUri }
    : undefined;
  const jwksCache = {};
  // The service without an acting user holds no per-call state: one for every token check.
  const system = options.serviceFor(null);

  const fromApiToken = async (token: string): Promise<AuthenticatedActor | null> => {
    const resolved = await system.call('auth.resolveApiToken', { token });
    if (!resolved) return null;
    return {
      actorId: resolved.user_id,
      clientId: 'api-token',
      scopes: [RESOURCE_SCOPE], // an API token acts with all of its user's rights
      expiresAt: Math.floor(now().getTime() / 1000) + 3600,
      memberOf: resolved.account_ids,
      credential: { kind: 'api_token', id: resolved.token_id },
    };
  };

  const fromAccessToken = async (token: string): Promise<AuthenticatedActor | null> => {
    if (!as || !options.oauth) return null;
    let claims: oauth.JWTAccessTokenClaims;
    try {
      const request = new Request(options.oauth.audience, { headers: { authorization: `Bearer ${token}` } });
      claims = await oauth.validateJwtAccessToken(as, request, options.oauth.audience, {
        [oauth.allowInsecureRequests]: as.jwks_uri?.startsWith('http://') ?? false,
        [oauth.jwksCache]: jwksCache,
      });
    } catch {
      return null;
    }
    const grantId = typeof claims['gid'] === 'string' ? claims['gid'] : '';
    const { active } = await system.call('auth.grantActive', { grant_id: grantId, user_id: claims.sub, jti: claims.jti });
    if (!active) return null;
    return {
      actorId: claims.sub,
      clientId: typeof claims.client_id === 'string' ? claims.client_id : 'oauth',
      scopes: typeof claims.scope === 'string' ? claims.scope.split(' ') : [],
      expiresAt: claims.exp,
      credential: { kind: 'oauth_grant', id: grantId },
    };
  };

  return async (token) => (API_TOKEN.test(token) ? fromApiToken(token) : token.split('.').length === 3 ? fromAccessToken(token) : null);
}
