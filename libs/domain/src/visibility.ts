// Who may see an ontology (SPEC 2.1): public ones every authenticated user, private ones
// only members of the owning account.

export const VISIBILITIES = ['public', 'private'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

export function canSee(
  resource: { accountId: string; visibility: string },
  memberOfAccountIds: ReadonlySet<string>,
): boolean {
  return resource.visibility === 'public' || memberOfAccountIds.has(resource.accountId);
}
