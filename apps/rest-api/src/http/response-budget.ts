// Memory that answers being written may pin, bounded per user and in total. A large answer
// (a download body, a streamed list) reserves what it can hold in memory until its last byte
// is taken, and gives it back when the response closes (finished, client gone, or dropped at
// the write deadline). When the user's share or the whole is taken, the request is refused at
// once (429 for the user's own share, 503 for the whole, both with Retry-After): waiting would
// keep what the request already holds.
import type { ServerResponse } from 'node:http';
import { AppError } from '@oms/domain';

export type ResponseBudget = {
  /** Reserves `bytes` for `key` until `res` closes, or throws a 429 / 503 AppError. */
  hold(res: ServerResponse, key: string, bytes: number): void;
  readonly used: number;
};

export type ResponseBudgetOptions = { perKeyBytes: number; totalBytes: number; retryAfterSeconds: number };

export function createResponseBudget(options: ResponseBudgetOptions): ResponseBudget {
  let used = 0;
  const usedBy = new Map<string, number>();
  return {
    get used() {
      return used;
    },
    hold(res, key, bytes) {
      // One answer larger than a share still gets through when nothing else is held.
      const mine = usedBy.get(key) ?? 0;
      if (mine > 0 && mine + bytes > options.perKeyBytes) {
        throw new AppError('rate_limited', {
          message: 'Too many large answers to you are still being sent; read or close them, then retry.',
          details: { retry_after: options.retryAfterSeconds },
        });
      }
      if (used > 0 && used + bytes > options.totalBytes) throw new AppError('unavailable');
      used += bytes;
      usedBy.set(key, mine + bytes);
      res.once('close', () => {
        used -= bytes;
        const left = (usedBy.get(key) ?? bytes) - bytes;
        if (left > 0) usedBy.set(key, left);
        else usedBy.delete(key);
      });
    },
  };
}
