// The claim on one commit's terms (`term_writes`) held by one writer from before its terms are
// extracted until they are written: a timer beats it every WRITER_BEAT_MS (the beat does not
// wait for a part to end, so a long extraction or a slow part keeps it alive), and a claim not
// beaten for three beats is a stopped process's, taken over by the next writer (a restarted
// service's start-up pass among them: waitForSilentClaim). Each transaction of the write takes
// the ontology's row lock and checks the claim is still this writer's, so two live writers
// never write the same version. Whatever a stopped writer left is taken back first, in batches.
import { randomUUID } from 'node:crypto';
import {
  beatTermsWrite,
  claimTermsWrite,
  clearTermsFrom,
  commitTermsIndexed,
  dropKeptIris,
  holdsTermsWrite,
  holdTermsWrite,
  lockOntologyRow,
  releaseTermsWrite,
  termRowsFromMayExist,
  termSqlOf,
  termsWriteClaim,
  TermsWriteLost,
  WRITER_BEAT_MS,
  type TermSql,
} from '@oms/db';
import { WRITE_TX, type TxBounds } from '../authorization/reauthorize.js';
import type { ServiceContext } from '../context.js';

type ClaimContext = Pick<ServiceContext, 'db' | 'config'>;

/** The beat of this service (config `termsWriterBeatMs`, tests shorten it) and the silence that ends a claim: three beats. */
export function writerTiming(config: Pick<ServiceContext['config'], 'termsWriterBeatMs'>): { beatMs: number; silentMs: number } {
  const beatMs = Math.max(1, config.termsWriterBeatMs ?? WRITER_BEAT_MS);
  return { beatMs, silentMs: 3 * beatMs };
}

export type TermsClaim = {
  readonly ontologyId: string;
  readonly seq: number;
  readonly writer: string;
  /** One transaction of the write: the row lock, then the claim (still this writer's, beaten); TermsWriteLost when it is not. */
  inTransaction<T>(work: (sql: TermSql) => Promise<T>, timeouts?: TxBounds): Promise<T>;
  /** Stops the beat and drops the claim with the IRIs kept for it (after the last part, or after a failure was taken back). */
  release(): Promise<void>;
  /** Stops the beat only (the claim is lost, or what was written could not be taken back: the claim is left to fall silent, and its next holder clears); release is then a no-op. */
  stop(): void;
};

export type ClaimOutcome = 'done' | 'busy' | 'blocked';

/**
 * Claims commit `seq`'s terms: 'done' when they are written (or the ontology is gone), 'blocked'
 * when its parent's are not, 'busy' while another writer beats, else the claim, with whatever
 * an earlier writer of the commit left taken back.
 */
export async function claimCommitTerms(ctx: ClaimContext, ontologyId: string, seq: number): Promise<ClaimOutcome | TermsClaim> {
  const writer = randomUUID();
  const { beatMs, silentMs } = writerTiming(ctx.config);
  // A live writer's claim is seen without waiting for the row lock: its write may hold that lock
  // longer than a claim's transaction may wait (one transaction for all of a version's terms).
  const held = await termsWriteClaim(ctx.db.sql, ontologyId, seq, silentMs);
  if (held && !held.silent) return 'busy';
  const start = await ctx.db.prisma.$transaction(async (tx) => {
    if (!(await lockOntologyRow(tx, ontologyId))) return 'done';
    const sql = termSqlOf(tx);
    if (await commitTermsIndexed(sql, ontologyId, seq)) return 'done';
    if (seq > 1 && !(await commitTermsIndexed(sql, ontologyId, seq - 1))) return 'blocked';
    const claimed = await claimTermsWrite(sql, ontologyId, seq, writer, silentMs);
    if (claimed === 'busy') return 'busy';
    // A stopped writer's parts (or rows left some other way) are taken back below.
    return claimed === 'took_over' || (await termRowsFromMayExist(sql, ontologyId, seq)) ? 'clear' : 'claimed';
  }, WRITE_TX);
  if (start !== 'claimed' && start !== 'clear') return start;

  let beating: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    // One beat at a time; a beat that finds the claim gone stops the timer (the next part then stops the write).
    beating ??= beatTermsWrite(ctx.db.sql, ontologyId, seq, writer)
      .then((held) => {
        if (!held) clearInterval(timer);
      })
      .catch(() => undefined)
      .finally(() => (beating = null));
  }, beatMs);
  timer.unref();
  let settled = false;
  const stop = () => {
    settled = true;
    clearInterval(timer);
  };

  const inTransaction = <T>(work: (sql: TermSql) => Promise<T>, timeouts: TxBounds = WRITE_TX): Promise<T> =>
    ctx.db.prisma.$transaction(async (tx) => {
      if (!(await lockOntologyRow(tx, ontologyId))) throw new TermsWriteLost('the ontology was deleted');
      const sql = termSqlOf(tx);
      // Checked without locking the claim's row, so the timer's beats are not held up by a long transaction.
      if (!(await holdsTermsWrite(sql, ontologyId, seq, writer))) throw new TermsWriteLost(`the terms of commit ${seq} are being written by another writer`);
      const result = await work(sql);
      // Beaten at the end too: a takeover looks at the last beat, and this transaction took its time.
      await holdTermsWrite(sql, ontologyId, seq, writer);
      return result;
    }, timeouts);

  const claim: TermsClaim = {
    ontologyId,
    seq,
    writer,
    inTransaction,
    stop,
    async release() {
      // Once: after a failure that could not be taken back the claim is left to fall silent (its next holder clears).
      if (settled) return;
      stop();
      await beating;
      await dropKeptIris(inTransaction, ontologyId, seq);
      await ctx.db.prisma.$transaction(async (tx) => releaseTermsWrite(termSqlOf(tx), ontologyId, seq, writer), WRITE_TX);
    },
  };
  try {
    // What an earlier writer of this commit left (stopped half way), a batch per transaction.
    if (start === 'clear') await clearTermsFrom(inTransaction, ontologyId, seq);
  } catch (error) {
    stop();
    throw error;
  }
  return claim;
}

/**
 * Another writer holds commit `seq`'s claim: waits (a beat at a time, `shouldStop` asked
 * between) until it beats again ('live': its walk goes on from there), ends ('free') or falls
 * silent ('silent': a stopped writer's, which the next claim takes over). At most the silence
 * bound, three beats.
 */
export async function waitForClaim(ctx: ClaimContext, ontologyId: string, seq: number, shouldStop: () => boolean): Promise<'live' | 'free' | 'silent' | 'stopped'> {
  const { beatMs, silentMs } = writerTiming(ctx.config);
  const first = await termsWriteClaim(ctx.db.sql, ontologyId, seq, silentMs);
  if (!first) return 'free';
  if (first.silent) return 'silent';
  for (;;) {
    if (shouldStop()) return 'stopped';
    await new Promise((resolve) => setTimeout(resolve, Math.max(1, Math.min(beatMs, 1000))));
    const now = await termsWriteClaim(ctx.db.sql, ontologyId, seq, silentMs);
    if (!now) return 'free';
    if (now.writer !== first.writer || now.beatAt > first.beatAt) return 'live';
    if (now.silent) return 'silent';
  }
}
