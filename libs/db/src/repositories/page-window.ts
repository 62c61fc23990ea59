/**
 * Prisma mishandles offsets past 32 bits (a skip of 2^32 skipped nothing and answered the first
 * rows): no list is that long, so a larger offset is read as the end of the list.
 */
const MAX_SKIP = 2 ** 31 - 1;

/** The rows of one page: how many to skip, how many to take. */
export type PageWindow = { skip: number; take: number };

export function windowOf(page: PageWindow): PageWindow {
  return { skip: Math.min(page.skip, MAX_SKIP), take: page.take };
}
