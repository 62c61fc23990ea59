// Terms of commits made before terms existed (or on such a parent), written in commit order
// from the first unindexed one: each source is parsed as at commit time (heavyWork.check: the
// same checkAndMeasure, in a worker thread for large sources), then the commit's intervals and
// changes are written by indexCommitTerms in a transaction of its own, under the ontology's
// row lock that writers take. The `terms_indexed` flag makes it resumable and idempotent: a
// commit another replica (or an update, whose parent is now indexed) already wrote is passed.
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import {
  firstUnindexedCommit,
  markCommitTermsFailed,
  markCommitTermsIndexed,
  markCommitTermsPending,
  readSourceByteChunks,
  sourceOfCommit,
  TermsWriteLost,
  type UnindexedCommit,
} from '@oms/db';
import type { SourceFormat } from '@oms/formats';
import { isStreamedFormat, type OntologyTerm, type TermsResult } from '@oms/ontology-tools';
import { stretchedWriteTx } from '../authorization/reauthorize.js';
import type { ServiceContext } from '../context.js';
import { indexCommitTerms, termsSyncMaxBytes } from './index-commit-terms.js';
import { releaseWritten, writeClaimedTermsInParts, type PartsOutcome } from './index-terms-in-parts.js';
import { claimCommitTerms, waitForClaim, type TermsClaim } from './terms-claim.js';

export type OntologyBackfill = {
  /** Commits whose terms this call wrote. */
  indexed: number;
  /** Why the walk stopped before the head: a source the extraction could not read, or a write that failed (its later commits stay unindexed). */
  blocked?: { seq: number; reason: string };
};

/** Terms a commit's own parse already collected (background indexing after the commit): not parsed again. */
export type KnownTerms = { seq: number; terms: TermsResult };

async function termsOf(ctx: Pick<ServiceContext, 'heavyWork'>, format: string, source: string): Promise<TermsResult> {
  const verdict = await ctx.heavyWork.check(format as SourceFormat, source, { background: true });
  if (!verdict.ok) return { terms: [], skipped: `source no longer passes its format check: ${verdict.message}` };
  return verdict.terms ?? { terms: [], skipped: 'the check gave no terms' };
}

/**
 * Terms of a large source read per transaction of the write in parts. Each part costs a few
 * lookups besides its rows, so PostgreSQL takes larger parts (a part holds one connection of a
 * pool); on PGlite a part holds the only connection while it is written, so parts stay small.
 */
const TERMS_PER_PART: Record<'postgres' | 'pglite', number> = { postgres: 20_000, pglite: 2000 };

/** The terms file extractTermsToFile wrote, `size` terms at a time. */
async function* termParts(path: string, size: number): AsyncGenerator<OntologyTerm[]> {
  let part: OntologyTerm[] = [];
  for await (const line of createInterface({ input: createReadStream(path), crlfDelay: Infinity })) {
    if (line === '') continue;
    part.push(JSON.parse(line) as OntologyTerm);
    if (part.length >= size) {
      yield part;
      part = [];
    }
  }
  if (part.length > 0) yield part;
}

/** Bytes of the stored source the worker pulls at a time. */
const SOURCE_PULL_BYTES = 256 * 1024;

/**
 * The terms of a large source in a streamed format (DESIGN 8), in bounded memory: the worker
 * pulls the stored source from the store as it parses (no copy of it on disk: heavyWork.termsFile)
 * and writes the terms to a file in IRI order, and they are written from there in parts
 * (indexCommitTermsInParts). Nothing holds the source, its statements or its terms whole.
 */
async function indexStreamedCommit(ctx: Pick<ServiceContext, 'heavyWork' | 'db' | 'config'>, claim: TermsClaim, commit: UnindexedCommit): Promise<{ outcome: PartsOutcome; skipped?: string }> {
  const termsPath = join(ctx.config.uploadDir ?? tmpdir(), `oms-terms-${randomBytes(12).toString('hex')}.terms`);
  try {
    const source = readSourceByteChunks(ctx.db.sessions, commit.id, { chunkBytes: SOURCE_PULL_BYTES });
    const verdict = await ctx.heavyWork.termsFile(commit.source_format as SourceFormat, source, commit.bytes, termsPath);
    if (!verdict.ok) return { outcome: 'blocked', skipped: `source no longer passes its format check: ${verdict.message}` };
    if (verdict.skipped !== undefined) return { outcome: 'blocked', skipped: verdict.skipped };
    return { outcome: await writeClaimedTermsInParts(claim, termParts(termsPath, TERMS_PER_PART[ctx.db.kind])) };
  } finally {
    // The spill folder too: a worker killed mid-extraction (time bound, heap) cannot remove it itself.
    await Promise.all([rm(termsPath, { force: true }), rm(`${termsPath}.spill`, { recursive: true, force: true })]);
  }
}

async function commitTerms(ctx: Pick<ServiceContext, 'heavyWork' | 'db' | 'config'>, commit: UnindexedCommit): Promise<TermsResult> {
  if (commit.source !== null) return termsOf(ctx, commit.source_format, commit.source);
  // A large source in a format parsed whole (docs/decisions.md "Streaming ingest").
  return termsOf(ctx, commit.source_format, (await sourceOfCommit(ctx.db.prisma, commit.id)) ?? '');
}

/**
 * Terms written in one transaction a millisecond, at the slowest: a 200 MB source has millions of
 * terms, written at some thousands per second, far past the 30 s a small write is allowed.
 */
const TERMS_PER_MS = 1;

/** Writes the claimed commit's terms in one transaction (under the lock and the claim), its time bound stretched to their number. */
async function indexOne(claim: TermsClaim, terms: TermsResult): Promise<PartsOutcome> {
  return claim.inTransaction(async (sql) => {
    if (!(await indexCommitTerms(sql, claim.ontologyId, claim.seq, terms))) return 'blocked';
    await markCommitTermsIndexed(sql, claim.ontologyId, claim.seq);
    return 'indexed';
  }, stretchedWriteTx(terms.terms.length, TERMS_PER_MS));
}

/**
 * Extracts and writes the claimed commit's terms (the claim is beaten meanwhile), then releases
 * it. Throws as the write does (TermsWriteLost: another writer took it over).
 */
async function writeClaimed(
  ctx: Pick<ServiceContext, 'db' | 'heavyWork' | 'config'>,
  claim: TermsClaim,
  commit: UnindexedCommit,
  known: KnownTerms | undefined,
): Promise<{ outcome: PartsOutcome; skipped?: string | undefined }> {
  try {
    if (known?.seq !== commit.seq && commit.source === null && isStreamedFormat(commit.source_format as SourceFormat)) {
      // Written in parts, which releases the claim when it writes them (or takes back and releases when it fails).
      const streamed = await indexStreamedCommit(ctx, claim, commit);
      if (streamed.outcome !== 'indexed') await claim.release();
      return streamed;
    }
    const terms = known?.seq === commit.seq ? known.terms : await commitTerms(ctx, commit);
    const outcome = terms.skipped === undefined ? await indexOne(claim, terms) : 'blocked';
    if (outcome === 'indexed') await releaseWritten(claim);
    else await claim.release();
    return { outcome, skipped: terms.skipped };
  } catch (error) {
    // Nothing of a one-transaction write is left; a write in parts took back its own parts.
    if (error instanceof TermsWriteLost) claim.stop();
    else await claim.release().catch(() => claim.stop());
    throw error;
  }
}

/**
 * Backfills one ontology up to its head (and any commit made meanwhile). `shouldStop` is asked
 * between commits (shutdown).
 */
export async function backfillOntologyTerms(
  ctx: Pick<ServiceContext, 'db' | 'heavyWork' | 'config'>,
  ontologyId: string,
  shouldStop: () => boolean = () => false,
  known?: KnownTerms,
): Promise<OntologyBackfill> {
  let indexed = 0;
  let lastBlocked = 0;
  while (!shouldStop()) {
    // A large source in a streamed format is left unread here: its terms are read as a stream.
    const textUpToBytes = termsSyncMaxBytes(ctx.config);
    const commit = await firstUnindexedCommit(ctx.db.sql, ontologyId, { textUpToBytes });
    if (!commit) return { indexed };
    let skipped: string | undefined;
    let outcome: PartsOutcome;
    try {
      const claim = await claimCommitTerms(ctx, ontologyId, commit.seq);
      if (claim === 'busy') {
        // A live writer's walk goes on from there; a stopped one's claim is taken over (at most three beats of waiting).
        const waited = await waitForClaim(ctx, ontologyId, commit.seq, shouldStop);
        if (waited === 'live' || waited === 'stopped') return { indexed };
        continue;
      }
      ({ outcome, skipped } = typeof claim === 'string' ? { outcome: claim } : await writeClaimed(ctx, claim, commit, known));
    } catch (error) {
      // Another writer took the commit over: its walk goes on from there.
      if (error instanceof TermsWriteLost) return { indexed };
      // Its source could not be read or its transaction was rolled back (timed out, lost its
      // connection): terms_status `failed` with why, until a later pass writes it.
      const reason = `its terms could not be written: ${error instanceof Error ? error.message.trim() : String(error)}`.slice(0, 1000);
      await markCommitTermsFailed(ctx.db.sql, ontologyId, commit.seq, reason);
      return { indexed, blocked: { seq: commit.seq, reason } };
    }
    if (outcome === 'indexed') indexed += 1;
    if (outcome === 'blocked') {
      // Once more in case its parent was the one missing (another replica was writing it); then give up.
      if (lastBlocked === commit.seq || skipped !== undefined) {
        const reason = skipped ?? 'its parent has no terms';
        // terms_status `failed` until a later pass writes it.
        await markCommitTermsPending(ctx.db.sql, ontologyId, commit.seq, reason);
        return { indexed, blocked: { seq: commit.seq, reason } };
      }
      lastBlocked = commit.seq;
    }
  }
  return { indexed };
}
