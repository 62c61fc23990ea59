// The settings area's view of the account use cases. The settings area has checked the
// browser session itself; the writes still re-read the user in their own transaction.
import type { AccountSettingsPort } from '@oms/contracts';
import { findUserById, listApiTokens } from '@oms/db';
import type { ServiceContext } from '../context.js';
import type { Actor } from '../authorization/actor.js';
import { createApiToken, revokeApiToken } from '../accounts/api-tokens.js';
import { beginTwoFactor, confirmTwoFactor, disableTwoFactor } from '../accounts/two-factor.js';

const sessionUser = (userId: string): Actor => ({ userId, credential: null });

export function accountSettingsPort(ctx: ServiceContext): AccountSettingsPort {
  const db = ctx.db.prisma;
  return {
    userName: async (userId) => (await findUserById(db, userId))?.name ?? null,
    listTokens: async (userId) =>
      (await listApiTokens(db, userId)).map((token) => ({
        id: token.id,
        name: token.name,
        created_at: token.createdAt.toISOString(),
        last_used_at: token.lastUsedAt?.toISOString() ?? null,
      })),
    createToken: async (userId, name) => {
      const issued = await createApiToken(ctx, sessionUser(userId), name);
      return { name: issued.name, token: issued.token };
    },
    revokeToken: (userId, id) => revokeApiToken(ctx, sessionUser(userId), id),
    twoFactorEnabled: async (userId) => (await findUserById(db, userId))?.otpEnabled ?? false,
    beginTwoFactor: (userId) => beginTwoFactor(ctx, sessionUser(userId)),
    confirmTwoFactor: async (userId, credentials) => {
      await confirmTwoFactor(ctx, sessionUser(userId), credentials);
    },
    disableTwoFactor: async (userId, credentials) => {
      await disableTwoFactor(ctx, sessionUser(userId), credentials);
    },
  };
}
