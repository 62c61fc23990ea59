import type { DbClient } from './db-client.js';

const withMembers = { accountUsers: { orderBy: { createdAt: 'asc' as const } } };

export function listAccountsOfUser(db: DbClient, userId: string) {
  return db.account.findMany({
    where: { accountUsers: { some: { userId } } },
    include: withMembers,
    orderBy: [{ personal: 'desc' }, { createdAt: 'asc' }],
  });
}

/** The account with its members, only when `userId` is one of them. */
export function findAccountOfMember(db: DbClient, accountId: string, userId: string) {
  return db.account.findFirst({
    where: { id: accountId, accountUsers: { some: { userId } } },
    include: withMembers,
  });
}

export function findAccountWithMembers(db: DbClient, accountId: string) {
  return db.account.findUnique({ where: { id: accountId }, include: withMembers });
}

export async function accountIdsOfUser(db: DbClient, userId: string): Promise<string[]> {
  const rows = await db.accountUser.findMany({ where: { userId }, select: { accountId: true } });
  return rows.map((row) => row.accountId);
}

export function findMembership(db: DbClient, accountId: string, userId: string) {
  return db.accountUser.findUnique({ where: { accountId_userId: { accountId, userId } } });
}

export function createAccount(
  db: DbClient,
  account: { id: string; name: string; personal: boolean; ownerId: string; membershipId: string },
) {
  return db.account.create({
    data: {
      id: account.id,
      name: account.name,
      personal: account.personal,
      ownerId: account.ownerId,
      accountUsers: { create: { id: account.membershipId, userId: account.ownerId, role: 'admin' } },
    },
    include: withMembers,
  });
}

export function insertMembership(db: DbClient, membership: { id: string; accountId: string; userId: string; role: string }) {
  return db.accountUser.create({ data: membership });
}

/** Answers false when the membership was already gone (removed by a concurrent request). */
export async function deleteMembership(db: DbClient, membershipId: string): Promise<boolean> {
  const { count } = await db.accountUser.deleteMany({ where: { id: membershipId } });
  return count > 0;
}

export function teamAccountsOwnedBy(db: DbClient, userId: string) {
  return db.account.findMany({ where: { ownerId: userId, personal: false }, include: withMembers });
}

export function setAccountOwner(db: DbClient, accountId: string, ownerId: string) {
  return db.account.update({ where: { id: accountId }, data: { ownerId } });
}

export function setMembershipRole(db: DbClient, membershipId: string, role: string) {
  return db.accountUser.update({ where: { id: membershipId }, data: { role } });
}

export function deleteAccountsById(db: DbClient, ids: string[]) {
  return db.account.deleteMany({ where: { id: { in: ids } } });
}

export function personalAccountIdsOf(db: DbClient, userId: string) {
  return db.account.findMany({ where: { ownerId: userId, personal: true }, select: { id: true } });
}

/** The user's account ids in one round trip, or null when the user does not exist. */
export async function accountIdsOfExistingUser(db: DbClient, userId: string): Promise<string[] | null> {
  const rows = await db.$queryRaw<{ account_ids: string[] | null }[]>`
    SELECT array_remove(array_agg(au."account_id"::text), NULL) AS "account_ids"
    FROM "users" u LEFT JOIN "account_users" au ON au."user_id" = u."id"
    WHERE u."id" = ${userId}::uuid
    GROUP BY u."id"`;
  const row = rows[0];
  return row ? (row.account_ids ?? []) : null;
}
