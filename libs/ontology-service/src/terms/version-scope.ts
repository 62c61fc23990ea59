// The version a term read answers: the ontology must be visible (else 404, as if missing), the
// commit (id or version; default the head) must be one of its own (else 404). Only versions
// whose terms are written are read (a version written in parts in the background is never seen
// half written), and every answer names the version it read (docs/decisions.md "Term reads name
// the version they read"): the head answers the last version whose terms are written, under
// that version's own `version` and `commit_id`; an explicit version whose terms are not written
// (still indexed, or failed) is a 409 saying so and what to ask for instead.
import { commitTermsStatus, findCommitMeta, findVisibleHeadScope, type TermsStatus } from '@oms/db';
import { AppError, isUuid } from '@oms/domain';
import type { VersionScope } from '@oms/db';
import type { ServiceContext } from '../context.js';
import { callerOf, visibleOntologyRowOr404, type CallerOrActor } from '../ontologies/caller.js';
import { refOf } from '../ontologies/find-commit.js';

/** 409: the terms of `version` are not written; what to ask for instead. */
export function termsNotReady(version: { version: string; commitId: string; status: TermsStatus; error: string | null }, head: boolean): AppError {
  const named = `version ${version.version} (commit ${version.commitId})`;
  const what =
    version.status === 'failed'
      ? `The terms of ${named} could not be indexed${version.error ? `: ${version.error.replace(/\.$/, '')}` : ''}.`
      : `The terms of ${named} are still being indexed.`;
  const instead = head
    ? version.status === 'failed'
      ? 'No version of this ontology has its terms yet; a new version (or the next start of the service) retries.'
      : 'No version of this ontology has its terms yet; retry in a while.'
    : version.status === 'failed'
      ? 'Ask for the head or an earlier version (terms_status on the ontology says when they are ready).'
      : 'Retry in a while, or ask for the head or an earlier version (terms_status on the ontology says when they are ready).';
  return new AppError('conflict', { message: `${what} ${instead}`, details: { terms_status: version.status, version: version.version, commit_id: version.commitId } });
}

export async function versionScopeOf(ctx: ServiceContext, who: CallerOrActor, ontologyId: string, commitRef?: string): Promise<VersionScope> {
  if (commitRef === undefined) {
    if (!isUuid(ontologyId)) throw new AppError('not_found');
    // The head (most reads): visibility, the commit and the version whose terms it answers in one query.
    const head = await findVisibleHeadScope(ctx.db.sql, ontologyId, who.userId);
    if (!head) throw new AppError('not_found');
    if (!head.terms) throw termsNotReady({ version: head.version, commitId: head.commitId, status: head.termsStatus, error: head.termsError }, true);
    const { terms } = head;
    return { ontologyId: head.ontologyId, seq: terms.seq, title: head.title, version: terms.version, commitId: terms.commitId, head: terms.seq === head.seq };
  }
  const caller = await callerOf(ctx.db.prisma, who);
  const ontology = await visibleOntologyRowOr404(ctx.db.prisma, caller, ontologyId);
  const commit = await findCommitMeta(ctx.db.prisma, ontology.id, refOf(commitRef));
  if (!commit) throw new AppError('not_found');
  await assertTermsWritten(ctx, ontology.id, { seq: commit.seq, version: commit.version, commitId: commit.id, termsIndexed: commit.termsIndexed });
  return { ontologyId: ontology.id, seq: commit.seq, title: ontology.title, version: commit.version, commitId: commit.id, head: commit.seq === ontology.headSeq };
}

/** 409 unless the terms of the commit are written (termsNotReady); its row says so in most reads, a status query only when not. */
export async function assertTermsWritten(ctx: ServiceContext, ontologyId: string, commit: { seq: number; version: string; commitId: string; termsIndexed: boolean }): Promise<void> {
  if (commit.termsIndexed) return;
  const state = await commitTermsStatus(ctx.db.sql, ontologyId, commit.seq);
  if (state && state.status !== 'ready') throw termsNotReady({ version: commit.version, commitId: commit.commitId, status: state.status, error: state.error }, false);
}
