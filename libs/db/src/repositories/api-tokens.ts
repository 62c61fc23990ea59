import type { SqlRunner } from '../sql-runner.js';
import type { DbClient } from './db-client.js';

export function insertApiToken(db: DbClient, token: { id: string; userId: string; name: string; tokenHash: string }) {
  return db.apiToken.create({ data: token });
}

type TokenUserRow = {
  id: string;
  user_id: string;
  last_used_at: Date | null;
  email: string;
  name: string;
  time_zone: string;
  otp_enabled: boolean;
  user_created_at: Date;
};

/**
 * The token and its user in one round trip (every authenticated request does this), through
 * the plain SQL runner: on the hot path Prisma's per-query overhead costs more than the query.
 */
export async function findApiTokenWithUser(sql: SqlRunner, tokenHash: string) {
  const rows = await sql.query<TokenUserRow>(
    `SELECT t."id"::text AS "id", t."user_id"::text AS "user_id", t."last_used_at", u."email", u."name", u."time_zone", u."otp_enabled",
            u."created_at" AS "user_created_at"
     FROM "api_tokens" t JOIN "users" u ON u."id" = t."user_id"
     WHERE t."token_hash" = $1`,
    [tokenHash],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    userId: row.user_id,
    lastUsedAt: row.last_used_at ? new Date(row.last_used_at) : null,
    user: {
      id: row.user_id,
      email: row.email,
      name: row.name,
      timeZone: row.time_zone,
      otpEnabled: row.otp_enabled,
      createdAt: new Date(row.user_created_at),
    },
  };
}

/**
 * Who a token acts for and the accounts they belong to, in one round trip: what an agent's
 * call needs before its tool runs (with the token's last use, which callers refresh now and then).
 */
export async function findApiTokenActor(
  sql: SqlRunner,
  tokenHash: string,
): Promise<{ tokenId: string; userId: string; accountIds: string[]; lastUsedAt: Date | null } | null> {
  const rows = await sql.query<{ id: string; user_id: string; last_used_at: Date | null; account_ids: string[] | null }>(
    `SELECT t."id"::text AS "id", t."user_id"::text AS "user_id", t."last_used_at",
            ARRAY(SELECT au."account_id"::text FROM "account_users" au WHERE au."user_id" = t."user_id") AS "account_ids"
     FROM "api_tokens" t
     WHERE t."token_hash" = $1`,
    [tokenHash],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    tokenId: row.id,
    userId: row.user_id,
    accountIds: row.account_ids ?? [],
    lastUsedAt: row.last_used_at ? new Date(row.last_used_at) : null,
  };
}

export function touchApiToken(db: DbClient, id: string, at: Date) {
  return db.apiToken.updateMany({ where: { id }, data: { lastUsedAt: at } });
}

export function listApiTokens(db: DbClient, userId: string) {
  return db.apiToken.findMany({ where: { userId }, orderBy: { createdAt: 'asc' } });
}

/** Deletes the token when it belongs to the user; answers whether one was deleted. */
export async function deleteApiToken(db: DbClient, userId: string, id: string): Promise<boolean> {
  const result = await db.apiToken.deleteMany({ where: { id, userId } });
  return result.count > 0;
}
