// What the settings area shows of a signed-in user: their API tokens and whether two-factor
// sign-in is on (the writes are api-tokens.ts and two-factor.ts).
import type { TokenRow } from '@oms/contracts';
import { findUserById, listApiTokens } from '@oms/db';
import type { ServiceContext } from '../context.js';
import type { Actor } from '../authorization/actor.js';

/** The actor's tokens, oldest first (never the token strings: only their hashes are kept). */
export async function listOwnApiTokens(ctx: Pick<ServiceContext, 'db'>, actor: Actor): Promise<TokenRow[]> {
  return (await listApiTokens(ctx.db.prisma, actor.userId)).map((token) => ({
    id: token.id,
    name: token.name,
    created_at: token.createdAt.toISOString(),
    last_used_at: token.lastUsedAt?.toISOString() ?? null,
  }));
}

export async function twoFactorEnabled(ctx: Pick<ServiceContext, 'db'>, actor: Actor): Promise<boolean> {
  return (await findUserById(ctx.db.prisma, actor.userId))?.otpEnabled ?? false;
}
