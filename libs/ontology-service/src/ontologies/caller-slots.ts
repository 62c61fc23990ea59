// How many heavy requests (diffs, conversions, checks of large sources) one caller may have
// running at once, in this process. Past it the request is refused at once with 429 and
// Retry-After: one account cannot fill the heavy-work pool that everybody shares.
import { AppError } from '@oms/domain';

export type CallerSlots = {
  /** Runs `work` holding one of the caller's slots; 429 (rate_limited) when they hold all of them. */
  run<T>(callerId: string, work: () => Promise<T>): Promise<T>;
  /** Slots the caller holds now. */
  held(callerId: string): number;
};

export function createCallerSlots(options: { perCaller: number; retryAfterSeconds: number }): CallerSlots {
  const held = new Map<string, number>();
  return {
    held: (callerId) => held.get(callerId) ?? 0,
    async run(callerId, work) {
      const holding = held.get(callerId) ?? 0;
      if (holding >= options.perCaller) {
        throw new AppError('rate_limited', {
          message: `You already have ${holding} diffs, conversions or source checks running (at most ${options.perCaller} at once); retry in ${options.retryAfterSeconds} s.`,
          details: { retry_after: options.retryAfterSeconds },
        });
      }
      held.set(callerId, holding + 1);
      try {
        return await work();
      } finally {
        const left = (held.get(callerId) ?? 1) - 1;
        if (left > 0) held.set(callerId, left);
        else held.delete(callerId);
      }
    },
  };
}
