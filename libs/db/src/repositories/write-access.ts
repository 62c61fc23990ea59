// What a write's own transaction reads about its caller, locking it until the transaction
// ends (issue 17): the account the write changes, the user and their memberships, and the
// credential the request came with. Locks are taken in one order everywhere, accounts, then
// the user, then the credential (the order of a user's deletion: lockUserForDeletion), so
// writers and deletions queue instead of deadlocking. FOR KEY SHARE blocks deleting a row
// (revoking the token, deleting the user) and FOR UPDATE lockers (membership changes lock
// their account FOR UPDATE), but not plain updates such as a token's last use.
import { isUuid } from '@oms/domain';
import type { SqlRunner } from '../sql-runner.js';
import type { DbClient } from './db-client.js';

export type CredentialRef = { kind: 'api_token' | 'oauth_grant'; id: string };

export type WriteAccessState = {
  /** The credential still exists (not revoked, not expired); true when none is named. */
  credentialActive: boolean;
  userExists: boolean;
  /** The account asked about, or null when it does not exist (or none was asked about). */
  account: { id: string; ownerId: string; personal: boolean } | null;
  /** Every membership of the user, as read now. */
  memberships: { accountId: string; role: string }[];
};

export type WriteAccessQuery = {
  userId: string;
  /** null: the caller checked its own credential (an internal caller), nothing to re-read. */
  credential: CredentialRef | null;
  accountId?: string | undefined;
  /** 'update' for writes that change the account's members or owner; 'share' otherwise. */
  accountLock?: 'share' | 'update' | undefined;
};

type Query = <T>(sql: string, params: unknown[]) => Promise<T[]>;

/** Runs raw SQL with either a Prisma client (or transaction) or a plain SQL runner. */
function queryOf(db: DbClient | SqlRunner): Query {
  if ('$queryRawUnsafe' in db) return <T>(sql: string, params: unknown[]) => db.$queryRawUnsafe<T[]>(sql, ...params);
  return <T>(sql: string, params: unknown[]) => db.query<T>(sql, params);
}

const LOCK_ACCOUNT = {
  share: `SELECT "id"::text AS "id", "owner_id"::text AS "owner_id", "personal" FROM "accounts" WHERE "id" = $1::uuid FOR KEY SHARE`,
  update: `SELECT "id"::text AS "id", "owner_id"::text AS "owner_id", "personal" FROM "accounts" WHERE "id" = $1::uuid FOR UPDATE`,
} as const;

const LOCK_USER = `SELECT COALESCE((SELECT json_agg(json_build_object('accountId', au."account_id"::text, 'role', au."role"))
                            FROM "account_users" au WHERE au."user_id" = u."id"), '[]'::json) AS "memberships"
  FROM "users" u WHERE u."id" = $1::uuid FOR KEY SHARE OF u`;

const LOCK_CREDENTIAL = {
  api_token: `SELECT 1 AS "found" FROM "api_tokens" WHERE "id" = $1::uuid AND "user_id" = $2::uuid FOR KEY SHARE`,
  oauth_grant: `SELECT 1 AS "found" FROM "oidc_payloads"
    WHERE "id" = $1 AND "type" = 'Grant' AND "payload"->>'accountId' = $2 AND ("expires_at" IS NULL OR "expires_at" > CURRENT_TIMESTAMP)
    FOR KEY SHARE`,
} as const;

async function lockCredential(query: Query, userId: string, credential: CredentialRef | null): Promise<boolean> {
  if (credential === null) return true;
  if (credential.kind === 'api_token' && !isUuid(credential.id)) return false;
  return (await query(LOCK_CREDENTIAL[credential.kind], [credential.id, userId])).length > 0;
}

/** Reads (and locks until the transaction ends) what decides whether the caller may write now. */
export async function lockWriteAccess(db: DbClient | SqlRunner, access: WriteAccessQuery): Promise<WriteAccessState> {
  const query = queryOf(db);
  let account: WriteAccessState['account'] = null;
  if (access.accountId !== undefined && isUuid(access.accountId)) {
    const [row] = await query<{ id: string; owner_id: string; personal: boolean }>(LOCK_ACCOUNT[access.accountLock ?? 'share'], [access.accountId]);
    account = row ? { id: row.id, ownerId: row.owner_id, personal: row.personal } : null;
  }
  const [user] = isUuid(access.userId)
    ? await query<{ memberships: { accountId: string; role: string }[] | string }>(LOCK_USER, [access.userId])
    : [];
  const memberships = typeof user?.memberships === 'string' ? (JSON.parse(user.memberships) as WriteAccessState['memberships']) : (user?.memberships ?? []);
  const credentialActive = user ? await lockCredential(query, access.userId, access.credential) : false;
  return { credentialActive, userExists: user !== undefined, account, memberships };
}
