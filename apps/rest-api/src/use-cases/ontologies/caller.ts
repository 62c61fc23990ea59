// The caller of an ontology use case, with the accounts they belong to (for visibility).
import { AppError } from '@oms/domain';
import { accountIdsOfUser, findVisibleOntology, findVisibleOntologyRow, type DbClient } from '@oms/db';

export type Caller = { userId: string; memberOf: string[] };

export async function callerFor(db: DbClient, userId: string): Promise<Caller> {
  return { userId, memberOf: await accountIdsOfUser(db, userId) };
}

/** The ontology when the caller may see it; hidden and missing look the same (404). */
export async function visibleOntologyOr404(db: DbClient, caller: Caller, id: string) {
  const ontology = await findVisibleOntology(db, id, caller);
  if (!ontology) throw new AppError('not_found');
  return ontology;
}

/** Like visibleOntologyOr404, without loading the head source (reads of other commits, diffs, downloads). */
export async function visibleOntologyRowOr404(db: DbClient, caller: Caller, id: string) {
  const ontology = await findVisibleOntologyRow(db, id, caller);
  if (!ontology) throw new AppError('not_found');
  return ontology;
}

/** Writes need membership of the owning account: 403 when the caller can see but not write. */
export async function writableOntologyOr4xx(db: DbClient, caller: Caller, id: string) {
  const ontology = await visibleOntologyOr404(db, caller, id);
  if (!caller.memberOf.includes(ontology.accountId)) {
    throw new AppError('forbidden', { message: 'Only members of the owning account can change this ontology.' });
  }
  return ontology;
}

/** `If-Match` (DESIGN 4): the write goes ahead only when the head is still the one the client read. */
export function checkIfMatch(ifMatch: string | undefined, headHash: string): void {
  if (ifMatch === undefined) return;
  const tags = ifMatch.split(',').map((tag) => tag.trim());
  if (tags.includes('*') || tags.includes(`"${headHash}"`)) return;
  throw new AppError('precondition_failed', {
    message: 'The ontology changed since you read it (If-Match does not match its ETag); read it again and retry.',
  });
}
