import type { DbClient } from './db-client.js';

/**
 * Registers a device token for one user (DESIGN 4: POST upserts). Registrations are per user:
 * the same token registered by another user is that user's own row, and never moves or
 * removes anyone else's. Nothing proves who holds a device except the app re-registering the
 * token, which any holder of the token string can do; so a registration is only ever added,
 * and ends when its own user deletes it (the app does at sign-out) or is deleted.
 */
export function upsertNotificationToken(
  db: DbClient,
  token: { id: string; userId: string; token: string; platform: string },
) {
  return db.notificationToken.upsert({
    where: { userId_platform_token: { userId: token.userId, platform: token.platform, token: token.token } },
    create: token,
    update: {},
  });
}

/** Removes the caller's own registration only; another user's registration of the token stays. */
export function deleteNotificationToken(db: DbClient, userId: string, token: { token: string; platform: string }) {
  return db.notificationToken.deleteMany({ where: { userId, token: token.token, platform: token.platform } });
}
