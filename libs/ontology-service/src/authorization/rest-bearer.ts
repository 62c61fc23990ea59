// Whose a REST bearer token is: the API token's user, read with the token in one query. The
// token's last use is written at most once a minute (recordUse), so reads stay reads.
import { findApiTokenWithUser } from '@oms/db';
import type { ServiceContext } from '../context.js';
import { hashApiToken, recordUse } from '../security/api-token.js';

export type AuthenticatedUser = { id: string; email: string; name: string; timeZone: string; otpEnabled: boolean; createdAt: Date };
export type Auth = { user: AuthenticatedUser; tokenId: string };

/** The user and token row of a live API token; null for an unknown or revoked one. */
export async function authenticateApiToken(ctx: Pick<ServiceContext, 'db' | 'now'>, request: { token: string }): Promise<Auth | null> {
  const found = await findApiTokenWithUser(ctx.db.sql, hashApiToken(request.token));
  if (!found) return null;
  await recordUse(ctx.db, found.id, found.lastUsedAt, ctx.now());
  const { user } = found;
  return {
    tokenId: found.id,
    user: { id: user.id, email: user.email, name: user.name, timeZone: user.timeZone, otpEnabled: user.otpEnabled, createdAt: user.createdAt },
  };
}
