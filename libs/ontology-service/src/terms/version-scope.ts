// The version a term read names: the ontology must be visible (else 404, as if missing), the
// commit (id or version; default the head) must be one of its own (else 404). Its terms are read
// at the last version whose terms are written (readyTermsSeq): a version written in parts in
// the background is never seen half written.
import { findCommitMeta, findVisibleHeadScope, readyTermsSeq } from '@oms/db';
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
    const { termsSeq, ...scope } = head;
    return { ...scope, seq: termsSeq, head: termsSeq === head.seq };
  }
  const caller = await callerOf(ctx.db.prisma, who);
  const ontology = await visibleOntologyRowOr404(ctx.db.prisma, caller, ontologyId);
  const commit = await findCommitMeta(ctx.db.prisma, ontology.id, commitRef === undefined ? { seq: ontology.headSeq } : refOf(commitRef));
  if (!commit) throw new AppError('not_found');
  const seq = await readyTermsSeq(ctx.db.sql, ontology.id, commit.seq);
  return { ontologyId: ontology.id, seq, title: ontology.title, version: commit.version, commitId: commit.id, head: seq === ontology.headSeq };
}
