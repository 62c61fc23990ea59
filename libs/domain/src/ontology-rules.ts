// Limits and rules of ontologies (DESIGN 4 "Ontologies and commits").

export const TITLE_MAX = 255;
export const DESCRIPTION_MAX = 10_000;
export const SOURCE_MAX_BYTES = 10 * 1024 * 1024;
export const MESSAGE_MAX = 10_000;
export const DEFAULT_VERSION = '1.0.0';
export const INITIAL_COMMIT_MESSAGE = 'Initial commit via API';
export const UPDATE_COMMIT_MESSAGE = 'Update via API';
export const LIST_FILTERS = ['all', 'my_accounts', 'public'] as const;
export type ListFilter = (typeof LIST_FILTERS)[number];

/**
 * True when making `newParentId` the parent of `ontologyId` would close a loop. `parentOf`
 * answers the current parent of an ontology (null for a root).
 */
export async function wouldCreateCycle(
  ontologyId: string,
  newParentId: string,
  parentOf: (id: string) => Promise<string | null>,
): Promise<boolean> {
  const seen = new Set<string>();
  let current: string | null = newParentId;
  while (current !== null) {
    if (current === ontologyId) return true;
    if (seen.has(current)) return true; // an existing loop: refuse rather than walk forever
    seen.add(current);
    current = await parentOf(current);
  }
  return false;
}

/** Page arithmetic of the REST pagination envelope (SPEC 2.6). */
export function pageInfo(page: number, perPage: number, total: number) {
  return { page, per_page: perPage, total, total_pages: Math.ceil(total / perPage) };
}

/** Escapes LIKE wildcards so a search for "100%" matches the text "100%" only. */
export function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
