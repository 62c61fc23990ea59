// oidc-provider's storage (clients, grants, sessions, codes, tokens; one row per id and model
// name) and every other query of it, written once: the provider's adapter (libs/authorization),
// the grant check of /mcp, the settings area's connected apps and sign-out, password changes
// and account deletion. Rows of a user carry the user id as the payload's `accountId`.
import type { Prisma } from '../generated/prisma/client.js';
import type { DbClient } from './db-client.js';

/** What the adapter writes for one row (oidc-provider's payload and the columns it looks rows up by). */
export type OidcPayloadData = {
  payload: Prisma.InputJsonValue;
  grantId: string | null;
  userCode: string | null;
  uid: string | null;
  expiresAt: Date | null;
};

const GRANT = 'Grant';
const SESSION = 'Session';
const REVOKED_ACCESS_TOKEN = 'RevokedAccessToken';

const notExpired = () => ({ OR: [{ expiresAt: null }, { expiresAt: { gt: new Date() } }] });
const ofUser = (userId: string) => ({ payload: { path: ['accountId'], equals: userId } });

/** The row when it exists and has not expired. */
export function findLiveOidcPayload(db: DbClient, type: string, id: string) {
  return db.oidcPayload.findFirst({ where: { id, type, ...notExpired() } });
}

/** The row of a device flow's user code or an interaction's uid (expired ones too: the adapter decides). */
export function findOidcPayloadBy(db: DbClient, type: string, key: { userCode: string } | { uid: string }) {
  return db.oidcPayload.findFirst({ where: { ...key, type } });
}

export async function upsertOidcPayload(db: DbClient, type: string, id: string, data: OidcPayloadData): Promise<void> {
  await db.oidcPayload.upsert({ where: { id_type: { id, type } }, create: { id, type, ...data }, update: data });
}

/** Marks the row consumed; false when it was consumed already (or is missing): the atomic step of single use. */
export async function consumeOidcPayload(db: DbClient, type: string, id: string): Promise<boolean> {
  const { count } = await db.oidcPayload.updateMany({ where: { id, type, consumedAt: null }, data: { consumedAt: new Date() } });
  return count > 0;
}

export async function grantIdOfOidcPayload(db: DbClient, type: string, id: string): Promise<string | null> {
  const row = await db.oidcPayload.findFirst({ where: { id, type }, select: { grantId: true } });
  return row?.grantId ?? null;
}

export async function deleteOidcPayload(db: DbClient, type: string, id: string): Promise<void> {
  await db.oidcPayload.deleteMany({ where: { id, type } });
}

/** Every code and token issued under a grant (oidc-provider's revokeByGrantId), the grant row aside. */
export async function deleteOidcPayloadsOfGrant(db: DbClient, grantId: string): Promise<void> {
  await db.oidcPayload.deleteMany({ where: { grantId } });
}

/** A grant and every code and token issued under it: the app loses access at once. */
export async function deleteGrantWithTokens(db: DbClient, grantId: string): Promise<void> {
  await db.oidcPayload.deleteMany({ where: { OR: [{ id: grantId, type: GRANT }, { grantId }] } });
}

/** The user a grant was given by, while it lives; null for a missing or expired grant. */
export async function liveGrantUserId(db: DbClient, grantId: string): Promise<string | null> {
  const payload = (await findLiveOidcPayload(db, GRANT, grantId))?.payload;
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return null;
  const accountId = payload['accountId'];
  return typeof accountId === 'string' ? accountId : null;
}

/** The grants a user gave (the settings area's connected apps). */
export function listGrantsOfUser(db: DbClient, userId: string) {
  return db.oidcPayload.findMany({ where: { type: GRANT, ...ofUser(userId) } });
}

export function findGrantOfUser(db: DbClient, grantId: string, userId: string) {
  return db.oidcPayload.findFirst({ where: { id: grantId, type: GRANT, ...ofUser(userId) } });
}

/** One browser's sign-in at the authorization server (its session cookie names the row). */
export async function deleteOidcSession(db: DbClient, id: string): Promise<void> {
  await db.oidcPayload.deleteMany({ where: { id, type: SESSION } });
}

/** Every sign-in of the user at the authorization server (a changed password ends them). */
export async function deleteOidcSessionsOfUser(db: DbClient, userId: string): Promise<void> {
  await db.oidcPayload.deleteMany({ where: { type: SESSION, ...ofUser(userId) } });
}

/** Everything of a deleted user: grants, sessions and tokens, and every row issued under their grants. */
export async function deleteOidcStateOfUser(db: DbClient, userId: string): Promise<void> {
  const rows = await db.oidcPayload.findMany({ where: ofUser(userId), select: { id: true, grantId: true } });
  const grantIds = [...new Set(rows.flatMap((row) => [row.id, row.grantId ?? '']).filter(Boolean))];
  await db.oidcPayload.deleteMany({ where: { OR: [ofUser(userId), { grantId: { in: grantIds } }] } });
}

// OAuth access tokens are JWTs that oidc-provider does not store: revoking one (RFC 7009)
// records its `jti` here, under a type of its own, until the token would have expired anyway.
// /mcp (in-process or the gateway, through the internal API) looks a token up on every call.

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
