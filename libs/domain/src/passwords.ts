// Password policy (DESIGN 4): at least 8 characters, confirmation must match.
import type { FieldErrors } from './errors.js';

export const PASSWORD_MIN_LENGTH = 8;
// argon2 hashes whatever it gets; an upper bound keeps a 2 MB "password" from costing CPU.
export const PASSWORD_MAX_LENGTH = 128;

export function checkNewPassword(password: string, confirmation: string | undefined): FieldErrors {
  const errors: FieldErrors = {};
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) {
    errors['password'] = [`is too short (minimum is ${PASSWORD_MIN_LENGTH} characters)`];
  } else if (length > PASSWORD_MAX_LENGTH) {
    errors['password'] = [`is too long (maximum is ${PASSWORD_MAX_LENGTH} characters)`];
  }
  if (confirmation !== undefined && confirmation !== password) {
    errors['password_confirmation'] = ["doesn't match Password"];
  }
  return errors;
}
