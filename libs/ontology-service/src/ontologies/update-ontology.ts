// PATCH /api/v1/ontologies/:id (SPEC 3, 4.1; DESIGN 4). Metadata changes never make a
// commit; a real change of source or format makes exactly one, under a row lock, so that
// concurrent writers form one linear history with one applied head and no version gaps.
import { AppError, UPDATE_COMMIT_MESSAGE, bumpVersion, compareVersions, computeCommitHash, isSemver, type VersionBump } from '@oms/domain';
import type { SourceFormat } from '@oms/formats';
import { appendCommit, headMetricsOf, headTermsStatus, termSqlOf, type TermsStatus, lockHierarchy, lockOntology, updateOntologyRow, writeTimeAfterLock, type OntologyWithHeadMetrics } from '@oms/db';
import type { ServiceContext } from '../context.js';
import { reauthorize, WRITE_TX } from '../authorization/reauthorize.js';
import { callerOf, checkIfMatch, notMemberError, writableOntologyOr4xx, writableOntologyRowOr4xx, type Caller, type CallerOrActor } from './caller.js';
import { withVisibleParent } from './visible-parents.js';
import { checkNoCycle, checkParent, raceLostError } from './check-parent.js';
import { checkSource, sourceOfUpload, type CheckedSource, type SourceFile } from './check-source.js';
import { applyUpdateFromFile } from './update-from-file.js';
import { writeOrDeferTerms } from '../terms/index-commit-terms.js';
import type { TermsResult } from '@oms/ontology-tools';

export type OntologyChanges = {
  title?: string | undefined;
  description?: string | undefined;
  visibility?: 'public' | 'private' | undefined;
  /** Text, or an uploaded file (multipart, DESIGN 8), read as a stream when it is large. */
  source?: string | SourceFile | undefined;
  source_format?: SourceFormat | undefined;
  parent_id?: string | null | undefined;
};

export type UpdateOntologyInput = {
  changes: OntologyChanges;
  versionBump?: VersionBump | undefined;
  /** An explicit new version (agent tool); must be greater than the current one. */
  version?: string | undefined;
  message?: string | undefined;
  ifMatch?: string | undefined;
};

export function checkExplicitVersion(version: string | undefined, current: string): void {
  if (version !== undefined && compareVersions(version, current) <= 0) {
    throw AppError.validation({ version: [`must be greater than the current version ${current}`] });
  }
}

/**
 * The bumped version, or 422 when a part would pass 999999999 (the most a version part may
 * hold): the bumped version must itself be valid, or every later bump of the ontology failed.
 */
export function nextVersion(current: string, bump: VersionBump, field: 'version' | 'version_bump'): string {
  const next = isSemver(current) ? bumpVersion(current, bump) : undefined;
  if (next === undefined || !isSemver(next)) {
    throw AppError.validation({ [field]: [`cannot bump ${current} by ${bump}: a version part is at most 999999999; bump a higher part`] });
  }
  return next;
}

/** The ontology after the update, as the caller may read it (parent_id null when its parent is hidden). */
/**
 * Refuses, as updateOntology would, a caller who may not change the ontology (404 hidden or
 * missing, 403 not a member): for a multipart write, before a byte of its body is read.
 */
export async function checkMayUpdate(ctx: ServiceContext, who: CallerOrActor, id: string): Promise<void> {
  await writableOntologyRowOr4xx(ctx.db.prisma, await callerOf(ctx.db.prisma, who), id);
}

export async function updateOntology(ctx: ServiceContext, who: CallerOrActor, id: string, input: UpdateOntologyInput): Promise<OntologyWithHeadMetrics> {
  const caller = await callerOf(ctx.db.prisma, who);
  const { source } = input.changes;
  if (source === undefined || typeof source === 'string') {
    return withVisibleParent(ctx.db.prisma, caller, await applyUpdate(ctx, caller, id, { ...input, changes: { ...input.changes, source } }));
  }
  const row = await writableOntologyRowOr4xx(ctx.db.prisma, caller, id);
  const taken = await sourceOfUpload(ctx.config, input.changes.source_format ?? (row.sourceFormat as SourceFormat), source);
  const applied =
    typeof taken === 'string'
      ? await applyUpdate(ctx, caller, id, { ...input, changes: { ...input.changes, source: taken } })
      : await applyUpdateFromFile(ctx, caller, id, { ...input, changes: { ...input.changes, source: taken } });
  return withVisibleParent(ctx.db.prisma, caller, applied);
}

type TextChanges = Omit<OntologyChanges, 'source'> & { source?: string | undefined };

async function applyUpdate(ctx: ServiceContext, caller: Caller, id: string, input: UpdateOntologyInput & { changes: TextChanges }): Promise<OntologyWithHeadMetrics> {
  const { changes } = input;
  const current = await writableOntologyOr4xx(ctx.db.prisma, caller, id);
  checkIfMatch(input.ifMatch, current.headHash);
  // An explicit version is checked whether or not a commit follows: the same call never
  // passes with one source and fails with another.
  checkExplicitVersion(input.version, current.version);
  const parentId = changes.parent_id;
  // Visibility now; the cycle check runs once, under the hierarchy lock below.
  if (parentId) await checkParent(ctx.db.prisma, caller, parentId);

  const currentSource = current.commits[0]?.source ?? '';
  const wantedFormat = changes.source_format ?? (current.sourceFormat as SourceFormat);
  const wantedSource = changes.source ?? currentSource;
  let checkedFormat: SourceFormat | undefined;
  let checked: CheckedSource | undefined;
  if (wantedFormat !== current.sourceFormat || wantedSource !== currentSource) {
    checked = await checkSource(ctx, caller.userId, wantedFormat, wantedSource);
    checkedFormat = wantedFormat;
  }

  let termsStatus: TermsStatus = 'ready';
  let deferred: { seq: number; terms: TermsResult | null } | undefined;
  const updated = await ctx.db.prisma.$transaction(async (tx) => {
    // Still a member of the owning account with a live token: read (and locked) first, in
    // the one lock order (accounts, user, token, then the ontology).
    await reauthorize(tx, caller, { accountId: current.accountId, notMember: notMemberError(current) });
    // A new parent must not be a descendant: checked under the hierarchy lock, so a concurrent
    // re-parenting cannot make it one between the check and the write.
    if (parentId) await lockHierarchy(tx);
    const locked = await lockOntology(tx, id);
    if (!locked) throw new AppError('not_found');
    const at = await writeTimeAfterLock(tx, id);
    if (parentId) await checkNoCycle(tx, id, parentId);
    checkIfMatch(input.ifMatch, locked.headHash);
    const headSource = locked.commits[0]?.source ?? '';
    const format = changes.source_format ?? (locked.sourceFormat as SourceFormat);
    const source = changes.source ?? headSource;
    const commitNeeded = format !== locked.sourceFormat || source !== headSource;

    let head = {};
    let metrics: CheckedSource['metrics'] | null = null;
    if (commitNeeded) {
      // A concurrent writer may have changed what we checked against: check again then.
      const stale = format !== checkedFormat || (changes.source === undefined && source !== wantedSource);
      const fresh = stale || !checked ? await checkSource(ctx, caller.userId, format, source) : checked;
      metrics = fresh.metrics;
      checkExplicitVersion(input.version, locked.version);
      const version = input.version ?? nextVersion(locked.version, input.versionBump ?? 'patch', input.versionBump ? 'version_bump' : 'version');
      const commit = {
        id: ctx.newId(),
        seq: locked.headSeq + 1,
        parentHash: locked.headHash,
        message: input.message ?? UPDATE_COMMIT_MESSAGE,
        sourceFormat: format,
        version,
        authorId: caller.userId,
        source,
      };
      const commitHash = computeCommitHash(commit);
      await appendCommit(tx, id, { ...commit, commitHash, metrics }, at, headSource);
      // Its terms in the same transaction: searchable when this answer returns (DESIGN 6.2),
      // unless the source is over the synchronous limit.
      termsStatus = await writeOrDeferTerms(termSqlOf(tx), id, commit.seq, fresh.terms);
      if (termsStatus === 'indexing') deferred = { seq: commit.seq, terms: fresh.terms };
      head = { sourceFormat: format, version, headHash: commitHash, headSeq: commit.seq };
    } else {
      termsStatus = await headTermsStatus(termSqlOf(tx), id);
    }
    const headMetrics = commitNeeded ? metrics : await headMetricsOf(tx, id);
    const row = await updateOntologyRow(tx, id, {
      ...head,
      ...(changes.title !== undefined ? { title: changes.title } : {}),
      ...(changes.description !== undefined ? { description: changes.description } : {}),
      ...(changes.visibility !== undefined ? { visibility: changes.visibility } : {}),
      ...(parentId !== undefined ? { parentId } : {}),
    }, source, at);
    return { ...row, headMetrics, termsStatus };
  }, WRITE_TX).catch((error: unknown) => {
    throw raceLostError(error) ?? error;
  });
  if (deferred) ctx.backgroundTerms.schedule(id, deferred.terms ? { seq: deferred.seq, terms: deferred.terms } : undefined);
  return updated;
}
