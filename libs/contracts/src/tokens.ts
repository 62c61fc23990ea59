// Wire schemas of API tokens, notification tokens and two-factor settings.
import { z } from 'zod';
import { passwordText, requiredText, text } from './text.js';

export const CreateApiTokenRequest = z.strictObject({
  api_token: z.strictObject({ name: requiredText(100) }),
});
export type CreateApiTokenRequest = z.infer<typeof CreateApiTokenRequest>;

export const ApiTokenResponse = z.object({
  id: z.string(),
  name: z.string(),
  last_used_at: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
});

export const NOTIFICATION_PLATFORMS = ['ios', 'android', 'web'] as const;

const notificationTokenFields = z.strictObject({
  token: text({ max: 4096, min: 1 }),
  platform: z.enum(NOTIFICATION_PLATFORMS),
});

/** SPEC 2.7 sends `token` and `platform` at the top level; a `notification_token` wrapper is accepted too. */
export const NotificationTokenRequest = z.preprocess((body) => {
  if (body && typeof body === 'object' && !Array.isArray(body) && Object.keys(body).join() === 'notification_token') {
    return (body as { notification_token: unknown }).notification_token;
  }
  return body;
}, notificationTokenFields);
export type NotificationTokenRequest = z.infer<typeof NotificationTokenRequest>;

export const NotificationTokenResponse = z.object({
  token: z.string(),
  platform: z.enum(NOTIFICATION_PLATFORMS),
});

/** Turning two-factor on or off takes the current password and a code (an API token alone is not enough). */
const twoFactorCredentials = {
  password: passwordText,
  otp_attempt: z.string().min(1).max(32),
};
export const ConfirmTwoFactorRequest = z.strictObject(twoFactorCredentials);
export const DisableTwoFactorRequest = z.strictObject(twoFactorCredentials);
