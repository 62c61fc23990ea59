// The caller of an ontology use case, with the accounts they belong to (for visibility).
import { AppError, canSee, type Viewer, type VisibilityFacts } from '@oms/domain';
import { accountIdsOfUser, findVisibleOntology, findVisibleOntologyRow, type DbClient } from '@oms/db';
import type { Actor } from '../authorization/actor.js';

/** The actor with the accounts they belonged to when the request began (for visibility). */
export type Caller = Actor & { memberOf: string[] };

export async function callerFor(db: DbClient, actor: Actor): Promise<Caller> {
  return { ...actor, memberOf: await accountIdsOfUser(db, actor.userId) };
}

/**
 * Who calls a use case: a Caller whose accounts the entry point has read already (the internal
 * router does), or an Actor whose accounts are read now (REST).
 */
export type CallerOrActor = Caller | Actor;

export function callerOf(db: DbClient, who: CallerOrActor): Promise<Caller> {
  return 'memberOf' in who ? Promise.resolve(who) : callerFor(db, who);
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

/** Someone outside the owning account (what a non-member may see is what anyone outside may see). */
const OUTSIDER: Viewer = { memberOf: [] };

/** What a non-member who tries to change the ontology is told: 403 when they can see it, else 404. */
export function notMemberError(ontology: VisibilityFacts): AppError {
  return canSee(ontology, OUTSIDER)
    ? new AppError('forbidden', { message: 'Only members of the owning account can change this ontology.' })
    : new AppError('not_found');
}

/** Writes need membership of the owning account: 403 when the caller can see but not write. */
export async function writableOntologyOr4xx(db: DbClient, caller: Caller, id: string) {
  const ontology = await visibleOntologyOr404(db, caller, id);
  if (!caller.memberOf.includes(ontology.accountId)) throw notMemberError(ontology);
  return ontology;
}

/** Like writableOntologyOr4xx, without loading the head source (a write from an uploaded file). */
export async function writableOntologyRowOr4xx(db: DbClient, caller: Caller, id: string) {
  const ontology = await visibleOntologyRowOr404(db, caller, id);
  if (!caller.memberOf.includes(ontology.accountId)) throw notMemberError(ontology);
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
