// The account use cases the authorization server's pages call (sign-in checks, the user
// lookup, the settings area), in whichever process hosts them: the single-process REST app
// and the separately deployed auth-server wire the very same functions.
import type { AccountSettingsPort } from '@oms/contracts';
import type { AttemptLimiter } from '@oms/platform';
import type { ServiceContext } from '../context.js';
import type { Actor } from '../authorization/actor.js';
import { createApiToken, revokeApiToken } from '../accounts/api-tokens.js';
import { findUser, type FoundUser } from '../accounts/find-user.js';
import { listOwnApiTokens, twoFactorEnabled } from '../accounts/settings-reads.js';
import { checkCredentials, type CredentialResult } from '../accounts/sign-in.js';
import { beginTwoFactor, confirmTwoFactor, disableTwoFactor } from '../accounts/two-factor.js';

/**
 * The settings area has checked the browser session itself (a null credential); the writes
 * still re-read the user in their own transaction.
 */
const sessionUser = (userId: string): Actor => ({ userId, credential: null });

export function accountSettingsPort(ctx: ServiceContext): AccountSettingsPort {
  return {
    userName: async (userId) => (await findUser(ctx, { userId }))?.name ?? null,
    listTokens: (userId) => listOwnApiTokens(ctx, sessionUser(userId)),
    createToken: async (userId, name) => {
      const issued = await createApiToken(ctx, sessionUser(userId), name);
      return { name: issued.name, token: issued.token };
    },
    revokeToken: (userId, id) => revokeApiToken(ctx, sessionUser(userId), id),
    twoFactorEnabled: (userId) => twoFactorEnabled(ctx, sessionUser(userId)),
    beginTwoFactor: (userId) => beginTwoFactor(ctx, sessionUser(userId)),
    confirmTwoFactor: async (userId, credentials) => {
      await confirmTwoFactor(ctx, sessionUser(userId), credentials);
    },
    disableTwoFactor: async (userId, credentials) => {
      await disableTwoFactor(ctx, sessionUser(userId), credentials);
    },
  };
}

/** What createAuthServer (@oms/authorization) needs of the account use cases. */
export type AuthServerAccounts = {
  findUser: (id: string) => Promise<FoundUser | null>;
  verifyCredentials: (email: string, password: string, otp: string | undefined) => Promise<CredentialResult>;
  limiter: AttemptLimiter;
  settings: AccountSettingsPort;
};

export function authServerAccounts(ctx: ServiceContext): AuthServerAccounts {
  return {
    findUser: (id) => findUser(ctx, { userId: id }),
    verifyCredentials: (email, password, otp) => checkCredentials(ctx, email, password, otp),
    limiter: ctx.signInLimiter,
    settings: accountSettingsPort(ctx),
  };
}
