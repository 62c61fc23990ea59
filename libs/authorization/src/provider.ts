// The OAuth 2.1 authorization server for agents (DESIGN 4 "OAuth"): oidc-provider with
// dynamic registration and Client ID Metadata Documents, PKCE S256 only, resource
// indicators issuing JWT access tokens for {BASE_URL}/mcp, rotating refresh tokens,
// revocation (access tokens too: access-token-revocation.ts), the authorization code flow
// only (OAuth 2.1: no implicit clients), and RFC 9207 `iss` in every authorization response.
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { DbClient } from '@oms/db';
import { RESOURCE_SCOPE } from '@oms/domain';
import { jwtAccessTokenRevocation } from './access-token-revocation.js';
import { assertClientMetadataAllowed } from './client-policy.js';
import type { ProviderKeys } from './keys.js';
import { prismaAdapter } from './prisma-adapter.js';
import { renderErrorPage } from './pages/error-page.js';
import { logoutPage, signedOutPage } from './pages/logout-pages.js';


export type AccountLookup = (id: string) => Promise<{ id: string; email: string; name: string } | null>;

export type ProviderOptions = {
  issuer: string;
  /** The protected resource: `{BASE_URL}/mcp`. */
  resource: string;
  db: DbClient;
  findUser: AccountLookup;
  /** Test only: a fetch for Client ID Metadata Documents that may reach loopback servers. */
  metadataFetch?: typeof fetch;
  secureCookies: boolean;
  keys: ProviderKeys;
};

export function createProvider(options: ProviderOptions): Provider {
  const { keys } = options;
  const configuration: Configuration = {
    adapter: prismaAdapter(options.db),
    jwks: keys.jwks as Configuration['jwks'],
    cookies: {
      keys: keys.cookieKeys,
      long: { signed: true, httpOnly: true, sameSite: 'lax', secure: options.secureCookies },
      short: { signed: true, httpOnly: true, sameSite: 'lax', secure: options.secureCookies },
    },
    routes: {
      authorization: '/oauth/authorize',
      token: '/oauth/token',
      jwks: '/oauth/jwks',
      registration: '/oauth/register',
      revocation: '/oauth/revoke',
      end_session: '/oauth/logout',
      userinfo: '/oauth/userinfo',
      introspection: '/oauth/introspect',
      pushed_authorization_request: '/oauth/par',
      code_verification: '/oauth/device',
      device_authorization: '/oauth/device/auth',
      backchannel_authentication: '/oauth/backchannel',
      challenge: '/oauth/challenge',
    },
    scopes: ['openid', 'profile', 'email', RESOURCE_SCOPE],
    claims: { openid: ['sub'], profile: ['name'], email: ['email'] },
    clientAuthMethods: ['none'],
    // OAuth 2.1 and the MCP authorization spec have the code flow only: a client registering
    // (or describing in a metadata document) response type id_token or token, or the implicit
    // grant, is refused with invalid_client_metadata.
    responseTypes: ['code'],
    clientDefaults: {
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      id_token_signed_response_alg: 'ES256',
    },
    enabledJWA: { idTokenSigningAlgValues: ['ES256'] },
    pkce: { required: () => true },
    // RFC 6749 4.1.3: a token request must repeat the redirect_uri of its authorization
    // request; oidc-provider would otherwise fill it in for clients with a single one.
    allowOmittingSingleRegisteredRedirectUri: false,
    // Runs for registrations and for every Client ID Metadata Document (client-policy.ts);
    // the two RFC 7591 fields are only the hook, kept as sent.
    extraClientMetadata: {
      properties: ['software_id', 'software_version'],
      validator: (_ctx, key, _value, metadata) => {
        if (key === 'software_id') assertClientMetadataAllowed(metadata as Record<string, unknown>);
      },
    },
    features: {
      devInteractions: { enabled: false },
      // /mcp takes Bearer tokens only (RFC 9728 metadata names no DPoP): a DPoP-bound token
      // would be unusable there, so DPoP is not offered (RFC 9449 5.1: no
      // dpop_signing_alg_values_supported) and a DPoP header gets an ordinary Bearer token.
      dPoP: { enabled: false },
      registration: { enabled: true, initialAccessToken: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx: KoaContextWithOIDC, form: string) => {
          ctx.body = logoutPage(form);
        },
        postLogoutSuccessSource: (ctx: KoaContextWithOIDC) => {
          const client = ctx.oidc.client;
          ctx.body = signedOutPage(client ? String(client.clientName ?? client.clientId) : undefined);
        },
      },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => options.resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resourceIndicator) => {
          if (resourceIndicator !== options.resource) throw new errors.InvalidTarget();
          return {
            scope: RESOURCE_SCOPE,
            audience: options.resource,
            accessTokenTTL: 3600,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'ES256' } },
          };
        },
      },
      clientIdMetadataDocument: {
        enabled: true,
        ack: 'draft-02',
        cacheDuration: { min: 60, max: 86_400 },
      },
    } as Configuration['features'],
    // oidc-provider passes its SSRF-guarded dispatcher, a 2.5 s timeout and a 5 KB body limit;
    // only a test may swap the fetch (to reach a loopback document).
    ...(options.metadataFetch ? { fetch: options.metadataFetch } : {}),
    findAccount: async (_ctx, sub) => {
      const user = await options.findUser(sub);
      if (!user) return undefined;
      return { accountId: user.id, claims: () => ({ sub: user.id, email: user.email, name: user.name }) };
    },
    interactions: { url: (_ctx, interaction) => `/oauth/interaction/${interaction.uid}` },
    // Agents run for long and the MCP SDK asks only for the resource scope: every client
    // allowed the refresh_token grant gets a (rotating) refresh token.
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    expiresWithSession: () => false,
    extraTokenClaims: (_ctx, token) => ('grantId' in token && token.grantId ? { gid: token.grantId } : undefined),
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 120,
      RefreshToken: 30 * 24 * 3600,
      Grant: 365 * 24 * 3600,
      Interaction: 3600,
      Session: 14 * 24 * 3600,
      IdToken: 3600,
      ClientCredentials: 600,
    },
    renderError: (ctx: KoaContextWithOIDC, out) => {
      ctx.type = 'html';
      ctx.set('Cache-Control', 'no-store');
      ctx.body = renderErrorPage(out.error, out.error_description ?? 'The request could not be completed.');
    },
  };
  const provider = new Provider(options.issuer, configuration);
  provider.proxy = true;
  provider.use(jwtAccessTokenRevocation({ db: options.db, issuer: options.issuer, audience: options.resource, signingKeys: keys.jwks.keys }));
  return provider;
}
