import { describe, expect, it } from 'vitest';
import { checkNewPassword } from './passwords.js';

describe('checkNewPassword', () => {
  it('when the password is long enough and confirmed then there are no errors', () => {
    expect(checkNewPassword('correct horse', 'correct horse')).toEqual({});
  });

  it('when the password is short then it is refused', () => {
    expect(checkNewPassword('short', 'short')).toHaveProperty('password');
  });

  it('when the confirmation differs then the confirmation is refused', () => {
    expect(checkNewPassword('long enough', 'long enouhg')).toEqual({
      password_confirmation: ["doesn't match Password"],
    });
  });
});
