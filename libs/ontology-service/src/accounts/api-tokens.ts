// API tokens listed, made and revoked by a signed-in user (REST, the settings area, the
// internal API): the writes each run in a transaction that first re-reads the caller's own
// credential, so a token revoked while its request was on the way mints nothing and revokes nothing.
import type { z } from 'zod';
import { parseId, type ApiTokenResponse } from '@oms/contracts';
import { deleteApiToken, listApiTokens } from '@oms/db';
import type { ServiceContext } from '../context.js';
import type { Actor } from '../authorization/actor.js';
import { authorizedWrite } from '../authorization/reauthorize.js';
import { issueApiToken, type IssuedToken } from './issue-api-token.js';

/** The actor's tokens, oldest first (never the token strings: only their hashes are kept). */
export async function listOwnApiTokens(ctx: ServiceContext, actor: Actor): Promise<z.output<typeof ApiTokenResponse>[]> {
  const tokens = await listApiTokens(ctx.db.prisma, actor.userId);
  return tokens.map((token) => ({
    id: token.id,
    name: token.name,
    last_used_at: token.lastUsedAt?.toISOString() ?? null,
    created_at: token.createdAt.toISOString(),
  }));
}

export function createApiToken(ctx: ServiceContext, actor: Actor, name: string): Promise<IssuedToken> {
  return authorizedWrite(ctx.db.prisma, actor, {}, (tx) => issueApiToken(ctx, tx, actor.userId, name));
}

/** Answers whether a token of the actor's with that id was revoked (an id of no token of theirs, or no id at all: false). */
export async function revokeApiToken(ctx: ServiceContext, actor: Actor, id: string): Promise<boolean> {
  const tokenId = parseId(id);
  if (!tokenId) return false;
  return authorizedWrite(ctx.db.prisma, actor, {}, (tx) => deleteApiToken(tx, actor.userId, tokenId));
}
