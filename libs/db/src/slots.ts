// A counting semaphore: at most `limit` holders at a time, and at most `perKey` of them with
// the same key (e.g. one user; holders without a key have no such bound). Waiters are served fairly: keys take turns (round robin), each
// key's own waiters in arrival order, so one key's many requests do not queue everyone else
// behind them. A waiter whose signal aborts leaves the queue and rejects with the signal's reason.

export type Slots = {
  /** Resolves to a release function (calling it more than once releases once). */
  acquire(signal?: AbortSignal, key?: string): Promise<() => void>;
  /** A slot now, or undefined when none is free for `key` (nothing waits). */
  tryAcquire(key?: string): (() => void) | undefined;
  readonly inUse: number;
  readonly waiting: number;
};

export type SlotsOptions = {
  /** Holders with one key at a time (default: `limit`, no bound per key). */
  perKey?: number;
};

type Waiter = { key: string | undefined; grant: () => void };

export function createSlots(limit: number, options: SlotsOptions = {}): Slots {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`slots need a whole limit of at least 1, got ${limit}`);
  const perKey = options.perKey ?? limit;
  if (!Number.isInteger(perKey) || perKey < 1) throw new RangeError(`slots need a whole perKey of at least 1, got ${perKey}`);
  let inUse = 0;
  const held = new Map<string | undefined, number>();
  /** Each key's waiters; the map's order is the order of turns. */
  const queues = new Map<string | undefined, Waiter[]>();
  let waiting = 0;

  const free = (key: string | undefined) => inUse < limit && (key === undefined || (held.get(key) ?? 0) < perKey);
  const take = (key: string | undefined) => {
    inUse += 1;
    held.set(key, (held.get(key) ?? 0) + 1);
  };

  /** Grants free slots to waiting keys in turn; a served key goes to the back of the line. */
  const serve = () => {
    for (;;) {
      if (inUse >= limit) return;
      let next: Waiter | undefined;
      for (const [key, queue] of queues) {
        if (!free(key)) continue;
        next = queue.shift();
        queues.delete(key);
        if (queue.length > 0) queues.set(key, queue);
        break;
      }
      if (!next) return;
      waiting -= 1;
      take(next.key);
      next.grant();
    }
  };

  const releaser = (key: string | undefined) => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      inUse -= 1;
      const count = (held.get(key) ?? 1) - 1;
      if (count > 0) held.set(key, count);
      else held.delete(key);
      serve();
    };
  };

  return {
    get inUse() {
      return inUse;
    },
    get waiting() {
      return waiting;
    },
    tryAcquire(key) {
      if (!free(key) || queues.has(key)) return undefined;
      take(key);
      return releaser(key);
    },
    acquire(signal, key) {
      if (signal?.aborted) return Promise.reject(signal.reason);
      // Nobody with this key is waiting and a slot is free for it: take it (others waiting are
      // waiting for their own key's share, not for this slot).
      if (free(key) && !queues.has(key)) {
        take(key);
        return Promise.resolve(releaser(key));
      }
      return new Promise((resolve, reject) => {
        const onAbort = () => {
          const queue = queues.get(key);
          const index = queue?.indexOf(waiter) ?? -1;
          if (queue && index >= 0) {
            queue.splice(index, 1);
            waiting -= 1;
            if (queue.length === 0) queues.delete(key);
          }
          reject(signal?.reason);
        };
        const waiter: Waiter = {
          key,
          grant: () => {
            signal?.removeEventListener('abort', onAbort);
            resolve(releaser(key));
          },
        };
        const queue = queues.get(key);
        if (queue) queue.push(waiter);
        else queues.set(key, [waiter]);
        waiting += 1;
        signal?.addEventListener('abort', onAbort, { once: true });
      });
    },
  };
}
