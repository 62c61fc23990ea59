import type { Request } from 'express';
import type { z } from 'zod';
import { AppError } from '@oms/domain';
import { parseId, toFieldErrors } from '@oms/contracts';

/** A path id (lower-cased); one that is not a UUID names nothing: 404, the same as a missing resource. */
export function idParam(value: string | undefined): string {
  const id = parseId(value);
  if (id === null) throw new AppError('not_found');
  return id;
}

/** Validates the query string; unknown parameters are ignored, bad values are 422. */
export function parseQuery<S extends z.ZodType>(schema: S, req: Request): z.output<S> {
  const result = schema.safeParse(req.query, { reportInput: true });
  if (!result.success) {
    const errors = toFieldErrors(result.error);
    // `?page=1&page=2` arrives as an array: say what is wrong with it.
    for (const key of Object.keys(errors)) {
      if (Array.isArray(req.query[key])) errors[key] = ['must be given only once'];
    }
    throw AppError.validation(errors);
  }
  return result.data;
}

export function ifMatchOf(req: Request): string | undefined {
  const value = req.headers['if-match'];
  return typeof value === 'string' ? value : undefined;
}
