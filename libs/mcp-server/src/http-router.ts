// /mcp over streamable HTTP, stateless for both protocol generations (any replica answers
// any request), behind bearer authentication; plus the RFC 9728 protected-resource
// metadata that tells clients where to sign in.
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { createMcpHandler, type AuthInfo } from '@modelcontextprotocol/server';
import type { CallerCredential, ServiceApi, Toolset } from '@oms/contracts';
import { isAppError, RESOURCE_SCOPE, RETRY_AFTER_SECONDS } from '@oms/domain';
import { createMcpServer } from './create-mcp-server.js';
import { nodeExchange } from './node-exchange.js';
import { parseToolsets } from './toolsets.js';
import type { Visualizer } from './visualizer.js';

export type AuthenticatedActor = {
  actorId: string;
  clientId: string;
  scopes: string[];
  expiresAt: number;
  /** The actor's accounts when authenticating read them anyway; handed to serviceFor. */
  memberOf?: readonly string[];
  /** The API token or OAuth grant the actor came with; every write re-reads it. */
  credential?: CallerCredential;
};
/** Verifies a bearer token (an API token, later also OAuth access tokens); null when invalid. */
export type Authenticator = (token: string) => Promise<AuthenticatedActor | null>;

export type McpHttpOptions = {
  baseUrl: string;
  /**
   * `memberOf` is passed when authentication read it in this request (in-process services may
   * use it); `credential` is what the actor came with (writes re-read it).
   */
  serviceFor: (actorId: string | null, memberOf?: readonly string[], credential?: CallerCredential) => ServiceApi;
  authenticate: Authenticator;
  visualize?: Visualizer;
  /** Authorization servers to advertise (the issuer URL of the OAuth server). */
  authorizationServers?: string[];
  /** The scope every token must carry, advertised in the metadata (default RESOURCE_SCOPE). */
  resourceScope?: string;
  onError?: (error: Error) => void;
  /** Told who the caller is once the token checks out (the app's request log then carries the user id). */
  onAuthenticated?: (res: Response, actorId: string) => void;
};

const MAX_BODY = 16 * 1024 * 1024;
const BEARER = /^Bearer[ ]+([A-Za-z0-9._~+/=-]{1,4096})[ ]*$/i;

export function protectedResourceMetadataUrl(baseUrl: string): string {
  return `${baseUrl}/.well-known/oauth-protected-resource/mcp`;
}

export function createMcpHttpRouter(options: McpHttpOptions): Router {
  const resource = `${options.baseUrl}/mcp`;
  const resourceUrl = new URL(resource);
  // resource_metadata first (as the MCP authorization spec shows it); RFC 6750's error after it.
  const challenge = (error?: string, scope?: string) =>
    `Bearer resource_metadata="${protectedResourceMetadataUrl(options.baseUrl)}"${error ? `, error="${error}"` : ''}${scope ? `, scope="${scope}"` : ''}`;
  const scope = options.resourceScope ?? RESOURCE_SCOPE;
  const onerror = options.onError ?? (() => undefined);

  const handler = createMcpHandler(
    (requestContext) => {
      const extra = requestContext.authInfo?.extra;
      const actorId = extra?.['actorId'];
      const memberOf = extra?.['memberOf'];
      const credential = extra?.['credential'] as CallerCredential | undefined;
      const toolsets = (extra?.['toolsets'] as Toolset[] | undefined) ?? [];
      const service = options.serviceFor(
        typeof actorId === 'string' ? actorId : null,
        Array.isArray(memberOf) ? (memberOf as string[]) : undefined,
        credential,
      );
      return createMcpServer(options.visualize ? { service, visualize: options.visualize } : { service }, toolsets);
    },
    { onerror, maxRequestBodySize: MAX_BODY },
  );
  const serve = nodeExchange(handler, { onerror, maxRequestBodySize: MAX_BODY });

  // The toolsets come first: a wrong address is refused before any sign-in, so a client
  // does not run the OAuth flow only to be refused after it.
  const chooseToolsets: RequestHandler = (req, res, next) => {
    const choice = parseToolsets(req.query['toolsets']);
    if (!choice.ok) {
      res.status(400).json({ error: 'bad_request', message: choice.message });
      return;
    }
    res.locals['toolsets'] = choice.toolsets;
    next();
  };

  const authenticate: RequestHandler = async (req, res, next) => {
    const match = BEARER.exec(req.headers.authorization ?? '');
    let actor: AuthenticatedActor | null;
    try {
      actor = match?.[1] ? await options.authenticate(match[1]) : null;
    } catch (error) {
      // The token could not be checked (the REST app or its database is away): retry later.
      if (!isAppError(error) || error.code !== 'unavailable') throw error;
      onerror(error);
      res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
      res.status(503).json({ error: 'unavailable', message: 'The service is temporarily unavailable; retry in a few seconds.' });
      return;
    }
    if (!match?.[1] || !actor) {
      res.setHeader('WWW-Authenticate', challenge(match ? 'invalid_token' : undefined));
      res.status(401).json({ error: 'unauthorized' });
      return;
    }
    // RFC 6750 3.1: a valid token without the scope this resource needs is 403, naming the scope.
    if (!actor.scopes.includes(scope)) {
      res.setHeader('WWW-Authenticate', challenge('insufficient_scope', scope));
      res.status(403).json({ error: 'insufficient_scope', scope });
      return;
    }
    const auth: AuthInfo = {
      token: match[1],
      clientId: actor.clientId,
      scopes: actor.scopes,
      expiresAt: actor.expiresAt,
      resource: resourceUrl,
      extra: {
        actorId: actor.actorId,
        ...(actor.memberOf ? { memberOf: actor.memberOf } : {}),
        ...(actor.credential ? { credential: actor.credential } : {}),
        toolsets: res.locals['toolsets'] as Toolset[],
      },
    };
    (req as Request & { auth?: AuthInfo }).auth = auth;
    options.onAuthenticated?.(res, actor.actorId);
    next();
  };

  const metadata = {
    resource,
    authorization_servers: options.authorizationServers ?? [options.baseUrl],
    bearer_methods_supported: ['header'],
    scopes_supported: [scope],
    resource_name: 'Ontology Management Service',
  };

  const router = Router();
  router.get(['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp'], (_req, res) => {
    res.json(metadata);
  });
  router.all('/mcp', chooseToolsets, authenticate, (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    void serve(req as Request & { auth?: AuthInfo }, res);
  });
  return router;
}
