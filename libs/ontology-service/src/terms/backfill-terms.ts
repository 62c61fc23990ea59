// Terms of commits made before terms existed (or on such a parent), written in commit order
// from the first unindexed one: each source is parsed as at commit time (heavyWork.check: the
// same checkAndMeasure, in a worker thread for large sources), then the commit's intervals and
// changes are written by indexCommitTerms in a transaction of its own, under the ontology's
// row lock that writers take. The `terms_indexed` flag makes it resumable and idempotent: a
// commit another replica (or an update, whose parent is now indexed) already wrote is passed.
import { clearTermsFrom, commitTermsIndexed, firstUnindexedCommit, lockOntologyRow, markCommitTermsIndexed, markCommitTermsPending, termSqlOf } from '@oms/db';
import type { SourceFormat } from '@oms/formats';
import type { TermsResult } from '@oms/ontology-tools';
import { WRITE_TX } from '../authorization/reauthorize.js';
import type { ServiceContext } from '../context.js';
import { indexCommitTerms } from './index-commit-terms.js';

export type OntologyBackfill = {
  /** Commits whose terms this call wrote. */
  indexed: number;
  /** Why the walk stopped before the head: a source the extraction could not read (its later commits stay unindexed). */
  blocked?: { seq: number; reason: string };
};

/** Terms a commit's own parse already collected (background indexing after the commit): not parsed again. */
export type KnownTerms = { seq: number; terms: TermsResult };

async function termsOf(ctx: Pick<ServiceContext, 'heavyWork'>, format: string, source: string): Promise<TermsResult> {
  const verdict = await ctx.heavyWork.check(format as SourceFormat, source);
  if (!verdict.ok) return { terms: [], skipped: `source no longer passes its format check: ${verdict.message}` };
  return verdict.terms ?? { terms: [], skipped: 'the check gave no terms' };
}

/** Writes one commit's terms under the lock; 'done' when another writer already did. */
async function indexOne(ctx: Pick<ServiceContext, 'db'>, ontologyId: string, seq: number, terms: TermsResult): Promise<'indexed' | 'done' | 'blocked'> {
  return ctx.db.prisma.$transaction(async (tx) => {
    if (!(await lockOntologyRow(tx, ontologyId))) return 'done';
    const sql = termSqlOf(tx);
    if (await commitTermsIndexed(sql, ontologyId, seq)) return 'done';
    await clearTermsFrom(sql, ontologyId, seq);
    if (!(await indexCommitTerms(sql, ontologyId, seq, terms))) return 'blocked';
    await markCommitTermsIndexed(sql, ontologyId, seq);
    return 'indexed';
  }, WRITE_TX);
}

/**
 * Backfills one ontology up to its head (and any commit made meanwhile). `shouldStop` is asked
 * between commits (shutdown).
 */
export async function backfillOntologyTerms(
  ctx: Pick<ServiceContext, 'db' | 'heavyWork'>,
  ontologyId: string,
  shouldStop: () => boolean = () => false,
  known?: KnownTerms,
): Promise<OntologyBackfill> {
  let indexed = 0;
  let lastBlocked = 0;
  while (!shouldStop()) {
    const commit = await firstUnindexedCommit(ctx.db.sql, ontologyId);
    if (!commit) return { indexed };
    const terms = known?.seq === commit.seq ? known.terms : await termsOf(ctx, commit.source_format, commit.source);
    const outcome = await indexOne(ctx, ontologyId, commit.seq, terms);
    if (outcome === 'indexed') indexed += 1;
    if (outcome === 'blocked') {
      // Once more in case its parent was the one missing (another replica was writing it); then give up.
      if (lastBlocked === commit.seq || terms.skipped !== undefined) {
        const reason = terms.skipped ?? 'its parent has no terms';
        // terms_status `failed` until a later pass writes it.
        await markCommitTermsPending(ctx.db.sql, ontologyId, commit.seq, reason);
        return { indexed, blocked: { seq: commit.seq, reason } };
      }
      lastBlocked = commit.seq;
    }
  }
  return { indexed };
}
