// OAuth access tokens are JWTs that oidc-provider does not store: revoking one (RFC 7009)
// records its `jti` here, in the provider's own table under a type of its own, until the
// token would have expired anyway. /mcp (in-process or the gateway, through the internal API)
// looks a token up here on every call.
import type { DbClient } from './db-client.js';

const REVOKED_ACCESS_TOKEN = 'RevokedAccessToken';

export async function recordRevokedAccessToken(
  db: DbClient,
  token: { jti: string; accountId: string; clientId: string; grantId: string | null; expiresAt: Date },
): Promise<void> {
  // The grant id stays out of the grant_id column: oidc-provider's revokeByGrantId deletes every
  // row of a grant, and a revocation must outlive whatever happens to its grant's other rows.
  const data = {
    payload: { accountId: token.accountId, clientId: token.clientId, ...(token.grantId ? { grantId: token.grantId } : {}) },
    expiresAt: token.expiresAt,
  };
  await db.oidcPayload.upsert({
    where: { id_type: { id: token.jti, type: REVOKED_ACCESS_TOKEN } },
    create: { id: token.jti, type: REVOKED_ACCESS_TOKEN, ...data },
    update: {},
  });
}

export async function isAccessTokenRevoked(db: DbClient, jti: string): Promise<boolean> {
  const row = await db.oidcPayload.findFirst({ where: { id: jti, type: REVOKED_ACCESS_TOKEN }, select: { id: true } });
  return row !== null;
}
