import type { ServiceApi } from '@oms/contracts';
import type { Authenticator } from '@oms/mcp-server';

/** /mcp accepts the service's API tokens (DESIGN 4); OAuth access tokens join with the auth server. */
export function apiTokenAuthenticator(serviceFor: (actorId: string | null) => ServiceApi, now: () => Date): Authenticator {
  return async (token) => {
    const resolved = await serviceFor(null).call('auth.resolveApiToken', { token });
    if (!resolved) return null;
    return {
      actorId: resolved.user_id,
      clientId: 'api-token',
      scopes: [],
      expiresAt: Math.floor(now().getTime() / 1000) + 3600,
    };
  };
}
