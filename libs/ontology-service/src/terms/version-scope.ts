// The version a term read names: the ontology must be visible (else 404, as if missing), the
// commit (id or version; default the head) must be one of its own (else 404).
import { findCommitMeta, findVisibleHeadScope } from '@oms/db';
import { AppError, isUuid } from '@oms/domain';
import type { VersionScope } from '@oms/db';
import type { ServiceContext } from '../context.js';
import { callerOf, visibleOntologyRowOr404, type CallerOrActor } from '../ontologies/caller.js';
import { refOf } from '../ontologies/find-commit.js';

export async function versionScopeOf(ctx: ServiceContext, who: CallerOrActor, ontologyId: string, commitRef?: string): Promise<VersionScope> {
  if (commitRef === undefined) {
    if (!isUuid(ontologyId)) throw new AppError('not_found');
    // The head (most reads): visibility and the commit in one query.
    const head = await findVisibleHeadScope(ctx.db.sql, ontologyId, who.userId);
    if (!head) throw new AppError('not_found');
    return { ...head, head: true };
  }
  const caller = await callerOf(ctx.db.prisma, who);
  const ontology = await visibleOntologyRowOr404(ctx.db.prisma, caller, ontologyId);
  const commit = await findCommitMeta(ctx.db.prisma, ontology.id, commitRef === undefined ? { seq: ontology.headSeq } : refOf(commitRef));
  if (!commit) throw new AppError('not_found');
  return { ontologyId: ontology.id, seq: commit.seq, title: ontology.title, version: commit.version, commitId: commit.id, head: commit.seq === ontology.headSeq };
}
