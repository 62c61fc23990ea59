import { insertApiToken, type DbClient } from '@oms/db';
import type { ServiceContext } from '../context.js';
import { generateApiToken } from '../security/api-token.js';

export type IssuedToken = { id: string; name: string; token: string; created_at: string };

/** Creates an API token for the user; the secret is in the answer and nowhere else. */
export async function issueApiToken(ctx: ServiceContext, db: DbClient, userId: string, name: string): Promise<IssuedToken> {
  const { token, tokenHash } = generateApiToken();
  const row = await insertApiToken(db, { id: ctx.newId(), userId, name, tokenHash });
  return { id: row.id, name: row.name, token, created_at: row.createdAt.toISOString() };
}
