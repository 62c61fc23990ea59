// Wire schemas of users, sign-in, the profile and passwords (SPEC 2.3, 2.4, 4.1).
import { z } from 'zod';
import { emailAddress, passwordText, requiredText, text } from './text.js';

const timeZone = text({ max: 64, min: 1 }).refine(
  (value) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: value });
      return true;
    } catch {
      return false;
    }
  },
  { message: 'is not a known time zone' },
);

export const SignUpRequest = z.strictObject({
  user: z.strictObject({
    email: emailAddress,
    password: passwordText,
    password_confirmation: passwordText,
    name: requiredText(100),
    time_zone: timeZone.optional(),
  }),
});
export type SignUpRequest = z.infer<typeof SignUpRequest>;

export const SignInRequest = z.strictObject({
  email: text({ max: 254, min: 1 }),
  password: passwordText,
  otp_attempt: z.string().max(32).nullable().optional(),
});
export type SignInRequest = z.infer<typeof SignInRequest>;

export const ChangePasswordRequest = z.strictObject({
  user: z.strictObject({
    current_password: passwordText,
    password: passwordText,
    password_confirmation: passwordText,
  }),
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

export const ApiTokenSecret = z.object({ id: z.string(), name: z.string(), token: z.string() });

export const CreatedUserResponse = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    api_tokens: z.array(ApiTokenSecret),
  }),
});
export type CreatedUserResponse = z.infer<typeof CreatedUserResponse>;

export const SignInResponse = z.object({ token: z.string() });

export const ProfileResponse = z.object({
  id: z.string(),
  name: z.string(),
  avatar_url: z.url(),
  sgid: z.string(),
  content: z.string(),
});
export type ProfileResponse = z.infer<typeof ProfileResponse>;

export const SuccessResponse = z.object({ success: z.boolean() });
