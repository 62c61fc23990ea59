// PATCH with a large uploaded source (DESIGN 8): updateOntology's rules (update-ontology.ts)
// without ever holding a source. The upload is checked and measured from its file as a stream
// in the worker while, under the ontology's row lock, it is compared with the head by SHA-256,
// hashed into the commit hash and stored as a delta against the head read back piece by piece;
// the transaction commits only once the check accepted it.
// Concurrent writers still form one linear history: everything from the head on is decided
// under the lock.
import { AppError, UPDATE_COMMIT_MESSAGE, computeCommitHashOfBytes } from '@oms/domain';
import type { SourceFormat } from '@oms/formats';
import type { SourceMetrics } from '@oms/ontology-tools';
import {
  appendCommit,
  headMetricsOf,
  headSourceInfo,
  headTermsStatus,
  lockHierarchy,
  lockOntologyRow,
  prismaQuery,
  setCommitMetrics,
  termSqlOf,
  updateOntologyRow,
  writeTimeAfterLock,
  type OntologyWithHeadMetrics,
  type TermsStatus,
} from '@oms/db';
import type { ServiceContext } from '../context.js';
import { reauthorize, stretchedWriteTx } from '../authorization/reauthorize.js';
import { checkIfMatch, notMemberError, writableOntologyRowOr4xx, type Caller } from './caller.js';
import { checkNoCycle, checkParent, raceLostError } from './check-parent.js';
import { bytesOf, checkBesideStore, type SourceFile } from './check-source.js';
import { writeOrDeferTerms } from '../terms/index-commit-terms.js';
import type { OntologyChanges, UpdateOntologyInput } from './update-ontology.js';
import { checkExplicitVersion, nextVersion } from './update-ontology.js';

/**
 * The slowest the store and the check are given time for: 1 MB/s. The transaction stores the
 * source (and waits for its check), and another writer of a large source may wait that long for
 * its turn (stretchedWriteTx, `waitAsLong`).
 */
const BYTES_PER_MS = 1000;

export async function applyUpdateFromFile(
  ctx: ServiceContext,
  caller: Caller,
  id: string,
  input: UpdateOntologyInput & { changes: OntologyChanges & { source: SourceFile } },
): Promise<OntologyWithHeadMetrics> {
  const { changes } = input;
  const file = changes.source;
  const current = await writableOntologyRowOr4xx(ctx.db.prisma, caller, id);
  checkIfMatch(input.ifMatch, current.headHash);
  checkExplicitVersion(input.version, current.version);
  const parentId = changes.parent_id;
  if (parentId) await checkParent(ctx.db.prisma, caller, parentId);
  const format = changes.source_format ?? (current.sourceFormat as SourceFormat);
  // Checked against nothing but its format (a concurrent commit cannot make it stale), in the
  // worker while the transaction stores it; the transaction waits for the check.
  const beside = checkBesideStore(ctx, caller.userId, format, file);
  let metrics: SourceMetrics | undefined;

  let termsStatus: TermsStatus = 'ready';
  let deferred: number | undefined;
  const updated = await ctx.db.prisma
    .$transaction(async (tx) => {
      await reauthorize(tx, caller, { accountId: current.accountId, notMember: notMemberError(current) });
      if (parentId) await lockHierarchy(tx);
      if (!(await lockOntologyRow(tx, id))) throw new AppError('not_found');
      const locked = await tx.ontology.findUnique({ where: { id } });
      if (!locked) throw new AppError('not_found');
      const at = await writeTimeAfterLock(tx, id);
      if (parentId) await checkNoCycle(tx, id, parentId);
      checkIfMatch(input.ifMatch, locked.headHash);
      const head = await headSourceInfo(prismaQuery(tx), id);
      const commitNeeded = format !== locked.sourceFormat || head?.sha256 !== file.sha256 || head.bytes !== file.bytes;

      let headChanges = {};
      if (commitNeeded) {
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
        };
        const commitHash = await computeCommitHashOfBytes(commit, { bytes: file.bytes, chunks: bytesOf(file) });
        await appendCommit(tx, id, { ...commit, commitHash, metrics: null, source: beside.bytes }, at);
        ({ metrics } = await beside.checked);
        await setCommitMetrics(prismaQuery(tx), commit.id, metrics);
        termsStatus = await writeOrDeferTerms(termSqlOf(tx), id, commit.seq, null);
        if (termsStatus === 'indexing') deferred = commit.seq;
        headChanges = { sourceFormat: format, version, headHash: commitHash, headSeq: commit.seq };
      } else {
        await beside.checked;
        termsStatus = await headTermsStatus(termSqlOf(tx), id);
      }
      const headMetrics = metrics ?? (await headMetricsOf(tx, id));
      const row = await updateOntologyRow(
        tx,
        id,
        {
          ...headChanges,
          ...(changes.title !== undefined ? { title: changes.title } : {}),
          ...(changes.description !== undefined ? { description: changes.description } : {}),
          ...(changes.visibility !== undefined ? { visibility: changes.visibility } : {}),
          ...(parentId !== undefined ? { parentId } : {}),
        },
        '',
        at,
      );
      // The source is not held: the answer carries source_bytes (DESIGN 8).
      return { ...row, commits: [], headMetrics, termsStatus };
    }, stretchedWriteTx(file.bytes, BYTES_PER_MS, { waitAsLong: true }))
    .catch(async (error: unknown) => {
      // A refusal by the check is the answer, whatever the store made of the stopped bytes.
      await beside.checked;
      throw raceLostError(error) ?? error;
    });
  if (deferred !== undefined) ctx.backgroundTerms.schedule(id);
  return updated;
}
