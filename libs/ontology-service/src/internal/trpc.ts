// The one tRPC instance of the internal API (DESIGN 1): its context and its error format.
import { initTRPC } from '@trpc/server';
import type { CallerCredential } from '@oms/contracts';
import { failureOf } from './internal-errors.js';

export type InternalContext = {
  actorId: string | null;
  /**
   * The actor's accounts, when in-process code has just read them from the database in the
   * same request (the embedded /mcp resolving an API token). Never set from a network request:
   * over HTTP the actor is always looked up here.
   */
  memberOf?: readonly string[];
  /**
   * The credential the actor came with (an API token or an OAuth grant), re-read by every
   * write. Absent: the internal caller checked its own (the settings area's browser session).
   */
  credential?: CallerCredential | undefined;
};

export const t = initTRPC.context<InternalContext>().create({
  errorFormatter({ shape, error }) {
    const failure = failureOf(error);
    // The HTTP status of the answer is data.httpStatus (tRPC reads it from there).
    return { ...shape, message: failure.message, data: { code: shape.data.code, ...failure.data } };
  },
});
