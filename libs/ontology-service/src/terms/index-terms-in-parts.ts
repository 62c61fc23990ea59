// A commit's terms written in parts (DESIGN 8: the terms of a large source in bounded memory).
// The terms arrive in parts in IRI order (read from the file the extraction wrote); each part is
// compared with the same IRIs in the parent version (found by index, not by loading the head)
// and written in a transaction of its own, under the ontology's row lock and the writer's claim
// (term_writes). The IRIs of the new version are kept as they pass, so the parent's terms the
// new version lacks (the removed ones) are found by the database at the end, a page at a time.
// The last transaction marks the commit indexed: readers see the version whole or not at all
// (meanwhile the head answers the last indexed version, and a read of this one is a 409:
// version-scope.ts). On failure the parts written are taken back (in batches) and the caller
// marks the commit failed, as before. The claim (terms-claim.ts) is taken before extraction.
import {
  clearTermsFrom,
  commitTermsIndexed,
  dropEmptyChildCounts,
  dropKeptIris,
  keepVersionIris,
  markCommitTermsIndexed,
  parentTermDigests,
  parentTermStates,
  parentHeadPage,
  TermsWriteLost,
  writeCommitTerms,
  type TermSql,
} from '@oms/db';
import { termChanges, type OntologyTerm } from '@oms/ontology-tools';
import type { ServiceContext } from '../context.js';
import { asTerm, changeRowsOf, childCountDeltas, digestOf, stateOf, type DigestedTerm } from './index-commit-terms.js';
import { claimCommitTerms, type TermsClaim } from './terms-claim.js';

/** Head IRIs of the parent looked at per transaction (those the new version lacks are ended). */
const REMOVED_PAGE = 5000;

export type PartsOutcome = 'indexed' | 'done' | 'busy' | 'blocked';

/** One part: its terms against the same IRIs in the parent version. */
async function writePart(sql: TermSql, ontologyId: string, seq: number, terms: readonly OntologyTerm[]): Promise<void> {
  const digests = new Map((await parentTermDigests(sql, ontologyId, seq, terms.map((term) => term.iri))).map((row) => [row.iri, row.digest]));
  const started = terms.map((term): DigestedTerm => ({ term, digest: digestOf(term) })).filter(({ term, digest }) => digests.get(term.iri) !== digest);
  // The parent states this part changes, read whole (removed terms are ended at the end).
  const ended = await parentTermStates(sql, ontologyId, seq, started.filter(({ term }) => digests.has(term.iri)).map(({ term }) => term.iri));
  const { changes } = seq === 1 ? { changes: [] } : termChanges(ended.map(asTerm), started.map(({ term }) => term));
  await writeCommitTerms(
    sql,
    ontologyId,
    seq,
    { ended: ended.map((state) => state.iri), started, stateOf, childCounts: childCountDeltas(started, ended), changes: changeRowsOf(changes) },
    { part: true },
  );
  if (seq > 1) await keepVersionIris(sql, ontologyId, seq, terms.map((term) => term.iri));
}

/**
 * One page of the parent's head (in the database's order, after `after`): the terms the new
 * version lacks are ended as removed. The page's last IRI, or null past the end.
 */
async function endRemoved(sql: TermSql, ontologyId: string, seq: number, after: string | null, page: number): Promise<string | null> {
  const head = await parentHeadPage(sql, ontologyId, seq, after, page);
  const gone = head.filter((row) => !row.kept).map((row) => row.iri);
  const removed = gone.length === 0 ? [] : await parentTermStates(sql, ontologyId, seq, gone);
  if (removed.length > 0) {
    await writeCommitTerms(
      sql,
      ontologyId,
      seq,
      {
        ended: removed.map((state) => state.iri),
        started: [] as DigestedTerm[],
        stateOf,
        childCounts: childCountDeltas([], removed),
        changes: removed.map((state) => ({ iri: state.iri, change: 'removed' as const, fields: [], newly_deprecated: false })),
      },
      { part: true },
    );
  }
  return head.length < page ? null : (head.at(-1)?.iri ?? null);
}

/**
 * Writes commit `seq`'s terms from `parts` (IRI order, each IRI once). 'done': already indexed
 * (or the ontology is gone); 'busy': another writer is at it; 'blocked': the parent version has
 * no terms yet. Throws when a part cannot be written, after taking back what was written.
 */
export async function indexCommitTermsInParts(
  ctx: Pick<ServiceContext, 'db' | 'config'>,
  ontologyId: string,
  seq: number,
  parts: AsyncIterable<readonly OntologyTerm[]>,
  options: { removedPage?: number } = {},
): Promise<PartsOutcome> {
  const claim = await claimCommitTerms(ctx, ontologyId, seq);
  if (typeof claim === 'string') return claim;
  return writeClaimedTermsInParts(claim, parts, options);
}

/**
 * Writes the claimed commit's terms from `parts` and releases the claim: 'indexed'. Throws
 * TermsWriteLost when another writer took the claim over (it writes the commit), or the error of
 * a part after taking back what was written.
 */
export async function writeClaimedTermsInParts(claim: TermsClaim, parts: AsyncIterable<readonly OntologyTerm[]>, options: { removedPage?: number } = {}): Promise<'indexed'> {
  const { ontologyId, seq } = claim;
  try {
    // The next part is read and parsed while this one is written.
    const reader = parts[Symbol.asyncIterator]();
    let next = reader.next();
    try {
      for (let part = await next; part.done !== true; part = await next) {
        const terms = part.value;
        next = reader.next();
        next.catch(() => undefined);
        await claim.inTransaction((sql) => writePart(sql, ontologyId, seq, terms));
      }
    } finally {
      // A part that failed leaves the reader half way: close its file.
      void reader.return?.()?.catch(() => undefined);
    }
    if (seq > 1) {
      let after: string | null = null;
      do after = await claim.inTransaction((sql) => endRemoved(sql, ontologyId, seq, after, options.removedPage ?? REMOVED_PAGE));
      while (after !== null);
    }
    // The kept IRIs are not needed any more: dropped before the commit is marked, a batch per transaction.
    await dropKeptIris(claim.inTransaction, ontologyId, seq);
    await claim.inTransaction(async (sql) => {
      await dropEmptyChildCounts(sql, ontologyId, seq);
      await markCommitTermsIndexed(sql, ontologyId, seq);
    });
  } catch (error) {
    await takeBack(claim, error);
    throw error;
  }
  await releaseWritten(claim);
  return 'indexed';
}

/**
 * Releases the claim of a commit whose terms are written and marked: a failure to release is not
 * the write's (the claim, left to fall silent, is never taken for a commit already written).
 */
export async function releaseWritten(claim: TermsClaim): Promise<void> {
  await claim.release().catch(() => claim.stop());
}

/**
 * A write that failed: what it wrote is taken back (in batches) and the claim released, unless
 * another writer holds the claim now (it clears and writes the commit itself). If the taking
 * back fails too, the claim is left to fall silent: the next writer takes it over and clears.
 */
export async function takeBack(claim: TermsClaim, error: unknown): Promise<void> {
  if (error instanceof TermsWriteLost) {
    claim.stop();
    return;
  }
  try {
    if (await claim.inTransaction((sql) => commitTermsIndexed(sql, claim.ontologyId, claim.seq))) return await claim.release();
    await clearTermsFrom(claim.inTransaction, claim.ontologyId, claim.seq);
    await claim.release();
  } catch {
    claim.stop();
  }
}
