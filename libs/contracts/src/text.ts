// String rules shared by every wire schema: PostgreSQL text holds no NUL, and node-postgres
// would silently replace lone surrogates, so both are refused up front with a 422.
import { z } from 'zod';

export function text(options: { max: number; min?: number; trim?: boolean }) {
  let schema = z.string();
  if (options.trim ?? true) schema = schema.trim();
  if (options.min !== undefined) schema = schema.min(options.min);
  return schema
    .max(options.max)
    .refine((value) => !value.includes('\u0000'), { message: 'must not contain NUL characters', abort: true })
    .refine((value) => value.isWellFormed(), { message: 'must be valid Unicode text' });
}

/** A required, non-blank single-line-ish text (names, titles). */
export const requiredText = (max: number) => text({ max, min: 1 });

export const emailAddress = text({ max: 254, min: 1 })
  .transform((value) => value.toLowerCase())
  .pipe(z.email({ message: 'is invalid' }));

/** Passwords are compared exactly: never trimmed. Length policy lives in the domain. */
export const passwordText = z
  .string()
  .max(1024)
  .refine((value) => !value.includes('\u0000'), { message: 'must not contain NUL characters' });

export const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, {
  message: 'is not a valid id',
});
