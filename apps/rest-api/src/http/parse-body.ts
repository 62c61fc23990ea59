import type { z } from 'zod';
import { AppError } from '@oms/domain';
import { toFieldErrors } from '@oms/contracts';

/**
 * Validates a request body against its wire schema; failures are 422 with field messages.
 * `reportInput` keeps the offending value on each issue, so a number where a string belongs
 * reads "must be a string" rather than "can't be blank".
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown, wrappers: readonly string[] = []): z.output<S> {
  const result = schema.safeParse(body, { reportInput: true });
  if (!result.success) throw AppError.validation(toFieldErrors(result.error, wrappers));
  return result.data;
}
