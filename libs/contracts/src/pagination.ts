// Query parameters and the envelope of REST lists (SPEC 2.6, 8; DESIGN 4: per_page 1..100).
import { z } from 'zod';

/** A whole-number query parameter; a repeated parameter arrives as an array and is refused. */
export const wholeNumberParam = (min: number, max: number, fallback: number) =>
  z
    .string()
    .regex(/^\d+$/, { message: 'must be a whole number' })
    .optional()
    .transform((value) => (value === undefined ? fallback : Number(value)))
    .pipe(z.number().min(min).max(max));

/** DESIGN 4: any `page` >= 1 is valid; a page past the end is empty (the repositories bound the offset). */
export const PaginationQuery = z.object({
  page: wholeNumberParam(1, Number.MAX_SAFE_INTEGER, 1),
  per_page: wholeNumberParam(1, 100, 25),
});

export const PaginationMeta = z
  .object({
    page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    total_pages: z.number().int(),
  })
  .meta({ id: 'Pagination' });

export function paginated<T extends z.ZodType>(item: T) {
  return z.object({ pagination: PaginationMeta, data: z.array(item) });
}
