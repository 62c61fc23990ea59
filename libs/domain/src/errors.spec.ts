import { describe, expect, it } from 'vitest';
import { AppError, ERROR_TABLE } from './errors.js';

describe('AppError', () => {
  it('when built from a code then it carries the status of the one table', () => {
    expect(new AppError('not_found').httpStatus).toBe(404);
    expect(new AppError('unauthorized').httpStatus).toBe(401);
  });

  it('when built for validation then it is a 422 with the field messages', () => {
    const error = AppError.validation({ title: ["can't be blank"] });
    expect(error.httpStatus).toBe(422);
    expect(error.fieldErrors).toEqual({ title: ["can't be blank"] });
  });

  it('when a conversion is impossible then not_acceptable is a 406 that carries its details', () => {
    const error = new AppError('not_acceptable', { details: { available: ['application/yaml'] } });
    expect(error.httpStatus).toBe(406);
    expect(error.details).toEqual({ available: ['application/yaml'] });
  });

  it('when any code is looked up then it has a 4xx or 5xx status and a message', () => {
    for (const entry of Object.values(ERROR_TABLE)) {
      expect(entry.http).toBeGreaterThanOrEqual(400);
      expect(entry.message.length).toBeGreaterThan(0);
    }
  });
});
