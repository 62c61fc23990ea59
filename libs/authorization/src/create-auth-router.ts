// The authorization server as an express router for the service's origin (DESIGN 2):
// /.well-known/oauth-authorization-server, /.well-known/openid-configuration, /oauth/*,
// /sign-in, /consent and the stylesheet. The provider needs its keys from the database, so
// the router becomes ready asynchronously; `ready` lets a caller wait for it at start-up.
import { Router, type Request, type RequestHandler, type Response } from 'express';
import type Provider from 'oidc-provider';
import type { DbClient } from '@oms/db';
import type { AttemptLimiter, Logger } from '@oms/platform';
import { interactionRoutes, type CredentialCheck } from './interaction-routes.js';
import { loadProviderKeys } from './keys.js';
import { STYLESHEET, STYLESHEET_PATH } from '@oms/platform';
import { RESOURCE_SCOPE } from '@oms/domain';
import { createProvider, type AccountLookup } from './provider.js';
import { settingsRoutes, type AccountSettingsPort } from './settings/settings-routes.js';
import { unavailableHandler } from './unavailable-handler.js';

export type AuthServerOptions = {
  baseUrl: string;
  db: DbClient;
  findUser: AccountLookup;
  verifyCredentials: CredentialCheck;
  limiter: AttemptLimiter;
  logger: Logger;
  settings: AccountSettingsPort;
  /** Test only: lets Client ID Metadata Documents be fetched from loopback servers. */
  metadataFetch?: typeof fetch;
};

export type AuthServer = { router: Router; ready: Promise<Provider> };

/**
 * Every answer of the provider may be a page (errors, sign-out, form_post): none may be framed
 * (clickjacking) or sniffed. form_post's auto-submit is an inline script, so no script-src here.
 */
function providerPageHeaders(res: Response): void {
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Content-Security-Policy', "frame-ancestors 'none'");
  res.setHeader('X-Content-Type-Options', 'nosniff');
}

/**
 * The provider builds its endpoint URLs (metadata, redirects, form actions) from the request's
 * Host and X-Forwarded-* headers, which any client can write: `Host: evil.example` made the
 * metadata name evil.example's authorize and token endpoints (a poisoned cache would send
 * every client there). The service's public origin is BASE_URL, so the provider sees that.
 */
function canonicalOrigin(req: Request, baseUrl: URL): void {
  req.headers.host = baseUrl.host;
  req.headers['x-forwarded-host'] = baseUrl.host;
  req.headers['x-forwarded-proto'] = baseUrl.protocol.slice(0, -1);
  delete req.headers['x-forwarded-port'];
  delete req.headers['forwarded'];
}

const PROVIDER_PATHS = /^\/(oauth\/(?!interaction\/)|\.well-known\/(openid-configuration|oauth-authorization-server)(\/|$))/;

/**
 * RFC 6749 3.3: a request that omits scope is processed with a pre-defined default (or
 * refused with invalid_scope). oidc-provider would grant nothing and answer access_denied,
 * so a browser's authorization request without scope asks for the resource scope.
 */
function withDefaultScope(req: Request): void {
  const url = new URL(req.url, 'http://local');
  if ((url.searchParams.get('scope') ?? '').trim() !== '') return;
  url.searchParams.set('scope', RESOURCE_SCOPE);
  req.url = `${url.pathname}${url.search}`;
}

export function createAuthServer(options: AuthServerOptions): AuthServer {
  const resource = `${options.baseUrl}/mcp`;
  const publicOrigin = new URL(options.baseUrl);
  const ready = (async () => {
    const keys = await loadProviderKeys(options.db);
    const provider = createProvider({
      issuer: options.baseUrl,
      resource,
      db: options.db,
      findUser: options.findUser,
      keys,
      secureCookies: options.baseUrl.startsWith('https://'),
      ...(options.metadataFetch ? { metadataFetch: options.metadataFetch } : {}),
    });
    provider.on('server_error', (_ctx, error) => options.logger.error({ err: error }, 'oauth server error'));
    const interactions = interactionRoutes({
      provider,
      csrfKey: keys.cookieKeys[0] ?? '',
      verifyCredentials: options.verifyCredentials,
      findUserName: async (id) => (await options.findUser(id))?.name ?? null,
      limiter: options.limiter,
      resource,
    });
    return { provider, interactions, callback: provider.callback() };
  })();
  ready.catch((error: unknown) => options.logger.error({ err: error }, 'the authorization server could not start'));

  const providerReady = ready.then((server) => server.provider);
  providerReady.catch(() => undefined); // reported above; callers that await it see the error

  const router = Router();
  router.get(STYLESHEET_PATH, (_req, res) => {
    res.type('text/css').setHeader('Cache-Control', 'public, max-age=3600');
    res.send(STYLESHEET);
  });
  const dispatch: RequestHandler = async (req, res, next) => {
    const isProvider = PROVIDER_PATHS.test(req.path);
    const isInteraction = req.path.startsWith('/oauth/interaction/');
    if (!isProvider && !isInteraction) return next();
    const server = await ready;
    canonicalOrigin(req, publicOrigin);
    if (isInteraction) return server.interactions(req, res, next);
    if (req.method === 'GET' && req.path === '/oauth/authorize') withDefaultScope(req);
    providerPageHeaders(res);
    await server.callback(req, res);
  };
  router.use(dispatch);
  router.use(
    settingsRoutes({
      db: options.db,
      port: options.settings,
      provider: providerReady,
      verifyCredentials: options.verifyCredentials,
      limiter: options.limiter,
      secureCookies: options.baseUrl.startsWith('https://'),
    }),
  );
  router.use(unavailableHandler(options.logger));
  return { router, ready: providerReady };
}
