import type { Prisma } from '../generated/prisma/client.js';
import type { DbClient } from './db-client.js';
import { deleteOidcSessionsOfUser } from './oidc-payloads.js';

export function findUserById(db: DbClient, id: string) {
  return db.user.findUnique({ where: { id } });
}

export function findUserByEmail(db: DbClient, email: string) {
  return db.user.findUnique({ where: { email: email.toLowerCase() } });
}

export function createUser(
  db: DbClient,
  user: { id: string; email: string; name: string; passwordHash: string; timeZone?: string | undefined },
) {
  return db.user.create({
    data: {
      id: user.id,
      email: user.email.toLowerCase(),
      name: user.name,
      passwordHash: user.passwordHash,
      ...(user.timeZone ? { timeZone: user.timeZone } : {}),
    },
  });
}

/**
 * A new password ends every browser session of the user, in the settings area and at the
 * authorization server: whoever knew the old one and signed in with it is signed out.
 * API tokens and OAuth grants stay (each is revoked on its own, in settings).
 */
export async function updatePasswordHash(tx: Prisma.TransactionClient, userId: string, passwordHash: string): Promise<void> {
  await tx.user.update({ where: { id: userId }, data: { passwordHash } });
  await tx.webSession.deleteMany({ where: { userId } });
  await deleteOidcSessionsOfUser(tx, userId);
}

export function setOtp(
  db: DbClient,
  userId: string,
  otp: { secret: string | null; enabled: boolean; lastStep?: bigint | null },
) {
  return db.user.update({
    where: { id: userId },
    data: {
      otpSecret: otp.secret,
      otpEnabled: otp.enabled,
      ...(otp.lastStep !== undefined ? { otpLastStep: otp.lastStep } : {}),
    },
  });
}

/** Records the last accepted TOTP step only if it is newer: a code is never accepted twice. */
export async function claimOtpStep(db: DbClient, userId: string, step: bigint): Promise<boolean> {
  const result = await db.user.updateMany({
    where: { id: userId, OR: [{ otpLastStep: null }, { otpLastStep: { lt: step } }] },
    data: { otpLastStep: step },
  });
  return result.count === 1;
}

export function deleteUserRow(db: DbClient, userId: string) {
  return db.user.delete({ where: { id: userId } });
}

/**
 * Takes the locks a user's deletion needs, accounts first (in id order) and then the user:
 * two members of one team leaving at once run one after the other, so the second sees who is
 * left, and a second deletion of the same user finds nothing. False when the user is gone.
 */
export async function lockUserForDeletion(tx: Prisma.TransactionClient, userId: string): Promise<boolean> {
  await tx.$queryRaw`
    SELECT a."id" FROM "accounts" a
    WHERE a."id" IN (SELECT m."account_id" FROM "account_users" m WHERE m."user_id" = ${userId}::uuid)
       OR a."owner_id" = ${userId}::uuid
    ORDER BY a."id" FOR UPDATE`;
  const rows = await tx.$queryRaw<{ id: string }[]>`SELECT "id" FROM "users" WHERE "id" = ${userId}::uuid FOR UPDATE`;
  return rows.length > 0;
}
