import type { DbClient } from './db-client.js';

/** A device token belongs to whoever registered it last (the device changed hands). */
export function upsertNotificationToken(
  db: DbClient,
  token: { id: string; userId: string; token: string; platform: string },
) {
  return db.notificationToken.upsert({
    where: { platform_token: { platform: token.platform, token: token.token } },
    create: token,
    update: { userId: token.userId },
  });
}

export function deleteNotificationToken(db: DbClient, userId: string, token: { token: string; platform: string }) {
  return db.notificationToken.deleteMany({ where: { userId, token: token.token, platform: token.platform } });
}
