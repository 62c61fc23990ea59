// The settings area and sign-in checks over the internal API: the account use cases live in
// the REST app, which this process reaches with INTERNAL_TOKEN.
import type { ServiceApi } from '@oms/contracts';
import type { AccountSettingsPort, CredentialCheck } from '@oms/authorization';

type ServiceFor = (actorId: string | null) => ServiceApi;

export function remoteCredentialCheck(serviceFor: ServiceFor): CredentialCheck {
  return async (email, password, otp) => {
    const result = await serviceFor(null).call('auth.checkCredentials', { email, password, ...(otp ? { otp_attempt: otp } : {}) });
    return 'user_id' in result ? { userId: result.user_id } : { refused: result.refused };
  };
}

export function remoteAccountPort(serviceFor: ServiceFor): AccountSettingsPort {
  return {
    userName: async (userId) => (await serviceFor(null).call('users.find', { user_id: userId }))?.name ?? null,
    listTokens: async (userId) => (await serviceFor(userId).call('settings.tokens', {})).tokens,
    createToken: (userId, name) => serviceFor(userId).call('settings.createToken', { name }),
    revokeToken: async (userId, id) => (await serviceFor(userId).call('settings.revokeToken', { id })).revoked,
    twoFactorEnabled: async (userId) => (await serviceFor(userId).call('settings.twoFactor', {})).enabled,
    beginTwoFactor: (userId) => serviceFor(userId).call('settings.beginTwoFactor', {}),
    confirmTwoFactor: async (userId, credentials) => {
      await serviceFor(userId).call('settings.confirmTwoFactor', credentials);
    },
    disableTwoFactor: async (userId, credentials) => {
      await serviceFor(userId).call('settings.disableTwoFactor', credentials);
    },
  };
}
