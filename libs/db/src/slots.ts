// A counting semaphore: at most `limit` holders at a time, the others wait in arrival order.
// A waiter whose signal aborts leaves the queue and rejects with the signal's reason.

export type Slots = {
  /** Resolves to a release function (calling it more than once releases once). */
  acquire(signal?: AbortSignal): Promise<() => void>;
  readonly inUse: number;
  readonly waiting: number;
};

type Waiter = { grant: () => void };

export function createSlots(limit: number): Slots {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`slots need a whole limit of at least 1, got ${limit}`);
  let inUse = 0;
  const queue: Waiter[] = [];

  const releaser = () => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = queue.shift();
      if (next) next.grant();
      else inUse -= 1;
    };
  };

  return {
    get inUse() {
      return inUse;
    },
    get waiting() {
      return queue.length;
    },
    acquire(signal) {
      if (signal?.aborted) return Promise.reject(signal.reason);
      if (inUse < limit) {
        inUse += 1;
        return Promise.resolve(releaser());
      }
      return new Promise((resolve, reject) => {
        const onAbort = () => {
          const index = queue.indexOf(waiter);
          if (index >= 0) queue.splice(index, 1);
          reject(signal?.reason);
        };
        // A freed slot passes straight to the next waiter: inUse stays the same.
        const waiter: Waiter = {
          grant: () => {
            signal?.removeEventListener('abort', onAbort);
            resolve(releaser());
          },
        };
        queue.push(waiter);
        signal?.addEventListener('abort', onAbort, { once: true });
      });
    },
  };
}
