// The one id schema (issue 18): a UUID in any case, answered in lower case, so nothing past
// parsing lower-cases an id again. Path ids, body and query ids, tool arguments and the use
// cases' own checks all parse with it. The JSON Schema it advertises (OpenAPI, MCP tools)
// spells both cases out: JSON Schema patterns have no flags.
import { z } from 'zod';
import { UUID_PATTERN, isSemver, isUuid } from '@oms/domain';

export const uuid = z.string().regex(UUID_PATTERN, { message: 'is not a valid id' }).toLowerCase();

/** The id in lower case, or null when the value is not one (a path segment, a stored reference). */
export function parseId(value: unknown): string | null {
  const parsed = uuid.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** A commit named by its id or by the version it recorded. */
export const commitRef = z
  .string()
  .max(64)
  .refine((value) => isUuid(value) || isSemver(value), { message: 'must be a commit id or a version MAJOR.MINOR.PATCH, e.g. 1.2.0' });
