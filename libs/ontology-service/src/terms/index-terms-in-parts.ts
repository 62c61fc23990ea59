// A commit's terms written in parts (DESIGN 8: the terms of a large source in bounded memory).
// The terms arrive in parts in IRI order (read from the file the extraction wrote); each part is
// compared with the same IRIs in the parent version (found by index, not by loading the head)
// and written in a transaction of its own, under the ontology's row lock and the writer's claim
// (term_writes). The IRIs of the new version are kept as they pass, so the parent's terms the
// new version lacks (the removed ones) are found by the database at the end, a page at a time.
// The last transaction marks the commit indexed: readers see the version whole or not at all
// (they answer the last indexed version meanwhile: readyTermsSeq). On failure the parts written
// are taken back and the caller marks the commit failed, as before.
import { randomUUID } from 'node:crypto';
import {
  claimTermsWrite,
  clearTermsFrom,
  commitTermsIndexed,
  dropEmptyChildCounts,
  holdTermsWrite,
  keepVersionIris,
  lockOntologyRow,
  markCommitTermsIndexed,
  parentTermDigests,
  parentTermStates,
  releaseTermsWrite,
  parentHeadPage,
  termSqlOf,
  TermsWriteLost,
  writeCommitTerms,
  type TermSql,
} from '@oms/db';
import { termChanges, type OntologyTerm } from '@oms/ontology-tools';
import { WRITE_TX } from '../authorization/reauthorize.js';
import type { ServiceContext } from '../context.js';
import { asTerm, changeRowsOf, childCountDeltas, digestOf, stateOf, type DigestedTerm } from './index-commit-terms.js';

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
  ctx: Pick<ServiceContext, 'db'>,
  ontologyId: string,
  seq: number,
  parts: AsyncIterable<readonly OntologyTerm[]>,
  options: { removedPage?: number } = {},
): Promise<PartsOutcome> {
  const writer = randomUUID();
  const start = await ctx.db.prisma.$transaction(async (tx) => {
    if (!(await lockOntologyRow(tx, ontologyId))) return 'done';
    const sql = termSqlOf(tx);
    if (await commitTermsIndexed(sql, ontologyId, seq)) return 'done';
    if (seq > 1 && !(await commitTermsIndexed(sql, ontologyId, seq - 1))) return 'blocked';
    if ((await claimTermsWrite(sql, ontologyId, seq, writer)) === 'busy') return 'busy';
    // What an earlier writer of this commit left (stopped half way).
    await clearTermsFrom(sql, ontologyId, seq);
    return 'claimed';
  }, WRITE_TX);
  if (start !== 'claimed') return start;

  /** One transaction of this write: the row lock, then the claim (still ours, beaten). */
  const inPart = <T>(work: (sql: TermSql) => Promise<T>): Promise<T> =>
    ctx.db.prisma.$transaction(async (tx) => {
      if (!(await lockOntologyRow(tx, ontologyId))) throw new TermsWriteLost('the ontology was deleted');
      const sql = termSqlOf(tx);
      await holdTermsWrite(sql, ontologyId, seq, writer);
      return work(sql);
    }, WRITE_TX);

  try {
    // The next part is read and parsed while this one is written.
    const reader = parts[Symbol.asyncIterator]();
    let next = reader.next();
    try {
      for (let part = await next; part.done !== true; part = await next) {
        const terms = part.value;
        next = reader.next();
        next.catch(() => undefined);
        await inPart((sql) => writePart(sql, ontologyId, seq, terms));
      }
    } finally {
      // A part that failed leaves the reader half way: close its file.
      void reader.return?.()?.catch(() => undefined);
    }
    if (seq > 1) {
      let after: string | null = null;
      do after = await inPart((sql) => endRemoved(sql, ontologyId, seq, after, options.removedPage ?? REMOVED_PAGE));
      while (after !== null);
    }
    await inPart(async (sql) => {
      await dropEmptyChildCounts(sql, ontologyId, seq);
      await markCommitTermsIndexed(sql, ontologyId, seq);
      await releaseTermsWrite(sql, ontologyId, seq, writer);
    });
    return 'indexed';
  } catch (error) {
    // Take back the parts written, unless another writer holds the commit now.
    await ctx.db.prisma
      .$transaction(async (tx) => {
        if (!(await lockOntologyRow(tx, ontologyId))) return;
        const sql = termSqlOf(tx);
        if (!(await holdTermsWrite(sql, ontologyId, seq, writer).then(() => true, () => false))) return;
        if (await commitTermsIndexed(sql, ontologyId, seq)) return;
        await clearTermsFrom(sql, ontologyId, seq);
        await releaseTermsWrite(sql, ontologyId, seq, writer);
      }, WRITE_TX)
      .catch(() => undefined);
    throw error;
  }
}
