// API tokens made and revoked by a signed-in user (REST, the settings area, the
// internal API): the writes each run in a transaction that first re-reads the caller's own
// credential, so a token revoked while its request was on the way mints nothing and revokes nothing.
import { parseId } from '@oms/contracts';
import { deleteApiToken } from '@oms/db';
import type { ServiceContext } from '../context.js';
import type { Actor } from '../authorization/actor.js';
import { authorizedWrite } from '../authorization/reauthorize.js';
import { issueApiToken, type IssuedToken } from './issue-api-token.js';

export function createApiToken(ctx: ServiceContext, actor: Actor, name: string): Promise<IssuedToken> {
  return authorizedWrite(ctx.db.prisma, actor, {}, (tx) => issueApiToken(ctx, tx, actor.userId, name));
}

/** Answers whether a token of the actor's with that id was revoked (an id of no token of theirs, or no id at all: false). */
export async function revokeApiToken(ctx: ServiceContext, actor: Actor, id: string): Promise<boolean> {
  const tokenId = parseId(id);
  if (!tokenId) return false;
  return authorizedWrite(ctx.db.prisma, actor, {}, (tx) => deleteApiToken(tx, actor.userId, tokenId));
}
