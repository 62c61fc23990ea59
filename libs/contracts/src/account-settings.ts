// The settings area's view of the account use cases: the authorization server's web pages call
// these, and the application layer (libs/ontology-service) implements them.

export type TokenRow = { id: string; name: string; created_at: string; last_used_at: string | null };

export type AccountSettingsPort = {
  userName(userId: string): Promise<string | null>;
  listTokens(userId: string): Promise<TokenRow[]>;
  createToken(userId: string, name: string): Promise<{ name: string; token: string }>;
  revokeToken(userId: string, id: string): Promise<boolean>;
  twoFactorEnabled(userId: string): Promise<boolean>;
  beginTwoFactor(userId: string): Promise<{ secret: string; otpauth_uri: string }>;
  /** Both need the current password with the code: a stolen session cookie is not enough. */
  confirmTwoFactor(userId: string, credentials: { password: string; otp_attempt: string }): Promise<void>;
  disableTwoFactor(userId: string, credentials: { password: string; otp_attempt: string }): Promise<void>;
};
