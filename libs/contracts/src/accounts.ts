// Wire schemas of accounts and memberships (SPEC 2.5, DESIGN 4 team-account extension).
import { z } from 'zod';
import { uuid } from './ids.js';
import { emailAddress, requiredText } from './text.js';

export const ROLE_VALUES = ['admin', 'member'] as const;

export const CreateAccountRequest = z.strictObject({
  account: z.strictObject({ name: requiredText(100) }),
});
export type CreateAccountRequest = z.infer<typeof CreateAccountRequest>;

export const AddAccountUserRequest = z.strictObject({
  account_user: z
    .strictObject({
      email: emailAddress.optional(),
      user_id: uuid.optional(),
      role: z.enum(ROLE_VALUES).default('member'),
    })
    .refine((value) => (value.email === undefined) !== (value.user_id === undefined), {
      message: 'give exactly one of email or user_id',
      path: ['email'],
    }),
});
export type AddAccountUserRequest = z.infer<typeof AddAccountUserRequest>;

export const AccountUserResponse = z.object({
  id: z.string(),
  user_id: z.string(),
  role: z.enum(ROLE_VALUES),
});

export const AccountResponse = z.object({
  id: z.string(),
  name: z.string(),
  personal: z.boolean(),
  owner_id: z.string(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
  account_users: z.array(AccountUserResponse),
});
export type AccountResponse = z.infer<typeof AccountResponse>;
