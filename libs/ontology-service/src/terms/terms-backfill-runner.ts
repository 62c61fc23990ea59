// One pass over the ontologies that have commits without terms, a few at a time, in the
// background of a service (rest-api starts it after listen; every replica may: the ontology
// lock and the per-commit flag keep concurrent passes from writing a commit twice).
import { ontologiesNeedingTerms } from '@oms/db';
import type { Logger } from '@oms/platform';
import type { ServiceContext } from '../context.js';
import { backfillOntologyTerms } from './backfill-terms.js';

export type TermsBackfillSummary = { ontologies: number; commits: number; blocked: number; failed: number; stopped: boolean };

export type TermsBackfill = {
  /** Settles when the pass ends (never rejects: failures are logged and counted). */
  done: Promise<TermsBackfillSummary>;
  /** Asks the pass to stop after the commits in hand, and waits for it. */
  stop(): Promise<TermsBackfillSummary>;
};

export type TermsBackfillOptions = { logger: Pick<Logger, 'info' | 'warn' | 'error'>; concurrency?: number; pageSize?: number };

export function startTermsBackfill(ctx: Pick<ServiceContext, 'db' | 'heavyWork' | 'config'>, options: TermsBackfillOptions): TermsBackfill {
  const { logger } = options;
  const concurrency = options.concurrency ?? 2;
  const pageSize = options.pageSize ?? 50;
  let stopping = false;
  const summary: TermsBackfillSummary = { ontologies: 0, commits: 0, blocked: 0, failed: 0, stopped: false };

  const backfill = async (ontologyId: string): Promise<void> => {
    try {
      const result = await backfillOntologyTerms(ctx, ontologyId, () => stopping);
      summary.ontologies += 1;
      summary.commits += result.indexed;
      if (result.blocked) {
        summary.blocked += 1;
        logger.warn({ ontologyId, seq: result.blocked.seq, reason: result.blocked.reason }, 'terms backfill: commit left without terms');
      }
    } catch (error) {
      summary.failed += 1;
      logger.error({ err: error, ontologyId }, 'terms backfill: ontology failed');
    }
  };

  const run = async (): Promise<TermsBackfillSummary> => {
    let afterId: string | undefined;
    while (!stopping) {
      const page = await ontologiesNeedingTerms(ctx.db.sql, { afterId, take: pageSize });
      if (page.length === 0) break;
      afterId = page[page.length - 1];
      const queue = [...page];
      const worker = async () => {
        for (let next = queue.shift(); next !== undefined && !stopping; next = queue.shift()) await backfill(next);
      };
      await Promise.all(Array.from({ length: concurrency }, worker));
    }
    summary.stopped = stopping;
    return summary;
  };

  const done = run().then(
    (result) => {
      if (result.ontologies > 0 || result.stopped) logger.info({ ...result }, 'terms backfill finished');
      return result;
    },
    (error: unknown) => {
      logger.error({ err: error }, 'terms backfill stopped by an error');
      return { ...summary, failed: summary.failed + 1 };
    },
  );
  return {
    done,
    stop: () => {
      stopping = true;
      return done;
    },
  };
}
