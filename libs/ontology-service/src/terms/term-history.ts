// A term's history and a commit's release note (DESIGN 6.2), from the changes computed when
// each commit was made. The history counts the commits whose terms are written; the release
// note of a commit whose terms are not is a 409 (version-scope.ts).
import { AppError, isUuid, pageInfo } from '@oms/domain';
import { commitTermChanges, findCommitMeta, findVisibleHeadScope, iriOfCurie, termHistory } from '@oms/db';
import type { TermHistoryQuery } from '@oms/contracts';
import type { ServiceContext } from '../context.js';
import { callerOf, visibleOntologyRowOr404, type CallerOrActor } from '../ontologies/caller.js';
import { presentChange } from './present-terms.js';
import { assertTermsWritten } from './version-scope.js';

const windowOf = (query: { page: number; per_page: number }) => ({ skip: Math.min((query.page - 1) * query.per_page, 2 ** 31 - 1), take: query.per_page });

/** One window of the term's changes, newest first; 404 when no version of the (visible) ontology ever had the term. */
export async function termHistoryWindow(ctx: ServiceContext, who: CallerOrActor, input: { ontologyId: string; iri: string }, window: { skip: number; take: number }) {
  // Visibility in one SQL query (the history spans every commit; only the id is needed).
  const head = isUuid(input.ontologyId) ? await findVisibleHeadScope(ctx.db.sql, input.ontologyId, who.userId) : null;
  if (!head) throw new AppError('not_found');
  const ontology = { id: head.ontologyId };
  let found = await termHistory(ctx.db.sql, ontology.id, input.iri, window);
  if (found.total === 0) {
    const iri = await iriOfCurie(ctx.db.sql, ontology.id, input.iri);
    if (iri !== null) found = await termHistory(ctx.db.sql, ontology.id, iri, window);
  }
  if (found.total === 0) throw new AppError('not_found');
  return { total: found.total, data: found.rows.map(presentChange) };
}

export async function readTermHistory(ctx: ServiceContext, who: CallerOrActor, input: TermHistoryQuery & { ontologyId: string }) {
  const { total, data } = await termHistoryWindow(ctx, who, input, windowOf(input));
  return { pagination: pageInfo(input.page, input.per_page, total), data };
}

/** The commit's changes against its parent, by IRI, with their summary. */
export async function readCommitChanges(ctx: ServiceContext, who: CallerOrActor, input: { ontologyId: string; commitId: string; page: number; per_page: number }) {
  const caller = await callerOf(ctx.db.prisma, who);
  const ontology = await visibleOntologyRowOr404(ctx.db.prisma, caller, input.ontologyId);
  const commit = await findCommitMeta(ctx.db.prisma, ontology.id, { commitId: input.commitId });
  if (!commit) throw new AppError('not_found');
  // A commit whose terms are not written has no changes to show yet: 409, not an empty release note.
  await assertTermsWritten(ctx, ontology.id, { seq: commit.seq, version: commit.version, commitId: commit.id, termsIndexed: commit.termsIndexed });
  const { summary, rows } = await commitTermChanges(ctx.db.sql, ontology.id, commit.seq, windowOf(input));
  const total = summary.added + summary.changed + summary.removed;
  return { summary, pagination: pageInfo(input.page, input.per_page, total), data: rows.map(presentChange) };
}
