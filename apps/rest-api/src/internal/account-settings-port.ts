// The settings area's view of the account use cases.
import type { AccountSettingsPort } from '@oms/authorization';
import { deleteApiToken, findUserById, listApiTokens } from '@oms/db';
import type { AppContext } from '../context.js';
import { issueApiToken } from '../use-cases/issue-api-token.js';
import { beginTwoFactor, confirmTwoFactor, disableTwoFactor } from '../use-cases/two-factor.js';

export function accountSettingsPort(ctx: AppContext): AccountSettingsPort {
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
      const issued = await issueApiToken(ctx, db, userId, name);
      return { name: issued.name, token: issued.token };
    },
    revokeToken: (userId, id) => (/^[0-9a-f-]{36}$/i.test(id) ? deleteApiToken(db, userId, id.toLowerCase()) : Promise.resolve(false)),
    twoFactorEnabled: async (userId) => (await findUserById(db, userId))?.otpEnabled ?? false,
    beginTwoFactor: (userId) => beginTwoFactor(ctx, userId),
    confirmTwoFactor: async (userId, credentials) => {
      await confirmTwoFactor(ctx, userId, credentials);
    },
    disableTwoFactor: async (userId, credentials) => {
      await disableTwoFactor(ctx, userId, credentials);
    },
  };
}
