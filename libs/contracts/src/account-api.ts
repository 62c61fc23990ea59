// Internal procedures the authorization server needs from the account use cases (sign-in
// checks and the settings area), when it runs as its own process.
import { z } from 'zod';
import { passwordText, requiredText } from './text.js';

export const CheckCredentialsInput = z.object({
  email: z.string().max(254),
  password: z.string().max(1024),
  otp_attempt: z.string().max(32).optional(),
});
export const CheckCredentialsOutput = z.union([z.object({ user_id: z.string() }), z.object({ refused: z.enum(['credentials', 'otp']) })]);

export const FindUserInput = z.object({ user_id: z.string().max(64) });
export const FindUserOutput = z.object({ id: z.string(), email: z.string(), name: z.string() }).nullable();

export const SettingsTokenRow = z.object({ id: z.string(), name: z.string(), created_at: z.string(), last_used_at: z.string().nullable() });
export const SettingsTokensOutput = z.object({ tokens: z.array(SettingsTokenRow) });
export const CreateSettingsTokenInput = z.object({ name: requiredText(100) });
export const CreateSettingsTokenOutput = z.object({ name: z.string(), token: z.string() });
export const RevokeSettingsTokenInput = z.object({ id: z.string().max(64) });
export const RevokeSettingsTokenOutput = z.object({ revoked: z.boolean() });
export const TwoFactorStateOutput = z.object({ enabled: z.boolean() });
export const BeginTwoFactorOutput = z.object({ secret: z.string(), otpauth_uri: z.string() });
export const TwoFactorCredentialsInput = z.object({ password: passwordText, otp_attempt: z.string().min(1).max(32) });
