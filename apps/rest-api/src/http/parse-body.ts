import type { z } from 'zod';
import { AppError } from '@oms/domain';
import { toFieldErrors } from '@oms/contracts';

/** Validates a request body against its wire schema; failures are 422 with field messages. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown, wrappers: readonly string[] = []): z.output<S> {
  const result = schema.safeParse(body);
  if (!result.success) throw AppError.validation(toFieldErrors(result.error, wrappers));
  return result.data;
}
