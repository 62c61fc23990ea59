import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toFieldErrors } from './field-errors.js';
import { SignUpRequest } from './users.js';

function errorsOf(schema: z.ZodType, value: unknown, wrappers: string[] = []) {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected a failure');
  return toFieldErrors(result.error, wrappers);
}

describe('toFieldErrors', () => {
  it('when a wrapped field is blank then the key leaves the wrapper out', () => {
    const errors = errorsOf(SignUpRequest, { user: { email: 'a@b.co', password: 'x', password_confirmation: 'x', name: '' } }, ['user']);
    expect(errors).toEqual({ name: ["can't be blank"] });
  });

  it('when unknown fields are sent inside the wrapper or at the top then each is named', () => {
    const errors = errorsOf(
      SignUpRequest,
      { user: { email: 'a@b.co', password: 'x', password_confirmation: 'x', name: 'n', role: 'admin' }, extra: 1 },
      ['user'],
    );
    expect(errors).toEqual({ role: ['is not a permitted field'], extra: ['is not a permitted field'] });
  });

  it('when the body is not an object then the error is on base', () => {
    expect(errorsOf(SignUpRequest, ['a'])).toEqual({ base: ['the request body must be a JSON object'] });
  });

  it('when a string is too long then the message gives the maximum', () => {
    expect(errorsOf(z.object({ t: z.string().max(3) }), { t: 'abcd' })).toEqual({
      t: ['is too long (maximum is 3 characters)'],
    });
  });
});
