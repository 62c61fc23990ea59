// The history of an ontology the caller may see (REST commits, list_commits) and one of its
// commits (REST commit detail, read_commit). A commit is seen with its ontology (SPEC 2.1).
import { AppError, canSee } from '@oms/domain';
import { findCommitMetaWithOntology, listCommits, type PageWindow } from '@oms/db';
import type { ServiceContext } from '../context.js';
import { callerOf, visibleOntologyRowOr404, type CallerOrActor } from './caller.js';

/** One page of the history, newest first, without sources; `version` keeps the commits that recorded it. */
export async function listOntologyCommits(
  ctx: ServiceContext,
  who: CallerOrActor,
  input: PageWindow & { ontologyId: string; version?: string | undefined },
) {
  const caller = await callerOf(ctx.db.prisma, who);
  const ontology = await visibleOntologyRowOr404(ctx.db.prisma, caller, input.ontologyId);
  return listCommits(ctx.db.prisma, ontology.id, { skip: input.skip, take: input.take }, { version: input.version });
}

/**
 * The commit with its metrics, without its source (read it from the store by the commit's id, as a
 * stream); with `ontologyId`, only when it is a commit of that ontology. A commit is seen with its ontology.
 */
export async function readCommitMeta(ctx: ServiceContext, who: CallerOrActor, input: { commitId: string; ontologyId?: string | undefined }) {
  const caller = await callerOf(ctx.db.prisma, who);
  const commit = await findCommitMetaWithOntology(ctx.db.prisma, input.commitId);
  const named = commit !== null && (input.ontologyId === undefined || commit.ontologyId === input.ontologyId);
  if (!named || !canSee(commit.ontology, caller)) throw new AppError('not_found');
  return commit;
}
