// What /mcp's bearer check asks of the service (the embedded /mcp in process, the gateway over
// the internal API): whose an API token is, and whether an OAuth access token is still live.
import { findApiTokenActor, isAccessTokenRevoked, liveGrantUserId } from '@oms/db';
import type { ServiceContext } from '../context.js';
import { hashApiToken, recordUse } from '../security/api-token.js';

/** The token (its row id), its user and the accounts they belong to; null for no live token. */
export async function resolveApiToken(ctx: Pick<ServiceContext, 'db' | 'now'>, request: { token: string }) {
  const found = await findApiTokenActor(ctx.db.sql, hashApiToken(request.token));
  if (!found) return null;
  // An agent's use counts like a REST call's (settings show when a token was last used).
  await recordUse(ctx.db, found.tokenId, found.lastUsedAt, ctx.now());
  return { token_id: found.tokenId, user_id: found.userId, account_ids: found.accountIds };
}

/**
 * An OAuth access token is live while its grant lives, was given by the token's user, and the
 * token's `jti` has not been revoked (RFC 7009).
 */
export async function grantActive(ctx: Pick<ServiceContext, 'db'>, request: { grantId: string; userId: string; jti: string }): Promise<boolean> {
  const [grantUser, revoked] = await Promise.all([liveGrantUserId(ctx.db.prisma, request.grantId), isAccessTokenRevoked(ctx.db.prisma, request.jti)]);
  return grantUser !== null && grantUser === request.userId && !revoked;
}
