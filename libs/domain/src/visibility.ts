// Who may see an ontology (SPEC 2.1): public ones every authenticated user, private ones only
// members of the owning account. A commit is seen with its ontology. This predicate is the rule
// for rows already loaded; libs/db's visibility module holds the same rule as a Prisma filter and
// as SQL, and a test there checks that the three agree.

export const VISIBILITIES = ['public', 'private'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

/** Whoever looks: the ids of the accounts they are a member of. */
export type Viewer = { memberOf: readonly string[] };

/** What visibility depends on: the owning account and the visibility of the ontology. */
export type VisibilityFacts = { accountId: string; visibility: string };

export function canSee(ontology: VisibilityFacts, viewer: Viewer): boolean {
  return ontology.visibility === 'public' || viewer.memberOf.includes(ontology.accountId);
}

/**
 * `parent_id` as the viewer may read it (SPEC 7: the existence of a private resource is never
 * revealed): the parent's id when they can see the parent (`parent`: its row, or undefined when
 * it was not found), else null.
 */
export function visibleParentId(parentId: string | null, parent: VisibilityFacts | undefined, viewer: Viewer): string | null {
  // Stryker disable next-line ConditionalExpression: with parentId null both branches answer null
  return parentId !== null && parent !== undefined && canSee(parent, viewer) ? parentId : null;
}
