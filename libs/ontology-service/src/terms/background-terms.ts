// Terms written after the commit's answer (DESIGN 6.2: sources over the synchronous limit, and
// commits whose parent has no terms yet). In this process, one ontology at a time in commit
// order through the backfill walk; the `terms_indexed` flag and the row lock make it safe
// beside other replicas' backfills, and a pass at the next start picks up what a stopped
// process left. The terms the commit's parse already collected are written as they are.
import type { Logger } from '@oms/platform';
import type { ServiceContext } from '../context.js';
import { backfillOntologyTerms, type KnownTerms } from './backfill-terms.js';

export type BackgroundTerms = {
  /** Writes the ontology's unwritten terms after the caller's transaction; never throws. */
  schedule(ontologyId: string, known?: KnownTerms): void;
  /** Settles when nothing is scheduled any more (tests, shutdown). */
  idle(): Promise<void>;
  /** Stops between commits and waits for the work in hand. */
  close(): Promise<void>;
};

export function createBackgroundTerms(ctx: Pick<ServiceContext, 'db' | 'heavyWork' | 'config'>, logger: Pick<Logger, 'warn' | 'error'>): BackgroundTerms {
  const running = new Map<string, Promise<void>>();
  let closed = false;
  const run = async (ontologyId: string, known: KnownTerms | undefined) => {
    try {
      const result = await backfillOntologyTerms(ctx, ontologyId, () => closed, known);
      if (result.blocked) logger.warn({ ontologyId, ...result.blocked }, 'terms: commit left without terms');
    } catch (error) {
      logger.error({ err: error, ontologyId }, 'terms: background indexing failed');
    }
  };
  return {
    schedule(ontologyId, known) {
      if (closed) return;
      const next = (running.get(ontologyId) ?? Promise.resolve()).then(() => run(ontologyId, known));
      running.set(ontologyId, next);
      void next.then(() => {
        if (running.get(ontologyId) === next) running.delete(ontologyId);
      });
    },
    async idle() {
      while (running.size > 0) await Promise.all(running.values());
    },
    async close() {
      closed = true;
      await Promise.all(running.values());
    },
  };
}
