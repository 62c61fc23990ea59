import type { DbClient } from './db-client.js';

export function insertApiToken(db: DbClient, token: { id: string; userId: string; name: string; tokenHash: string }) {
  return db.apiToken.create({ data: token });
}

export function findApiTokenWithUser(db: DbClient, tokenHash: string) {
  return db.apiToken.findUnique({ where: { tokenHash }, include: { user: true } });
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
