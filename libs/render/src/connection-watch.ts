// Whether a set of connections is up, from their 'ready' and 'close' events: lets a request
// be refused at once while one of them is down, and a waiting request learn that a
// connection dropped instead of waiting for its own timeout.

export type ConnectionEvents = {
  on(event: 'ready' | 'close', listener: () => void): unknown;
  off(event: 'ready' | 'close', listener: () => void): unknown;
};

export type ConnectionWatch = {
  /** True when every connection is up, or comes up within `ms`. */
  whenUp(ms: number): Promise<boolean>;
  /** A promise that rejects with `reason()` when a connection drops, until cancelled. */
  nextDown(reason: () => Error): { promise: Promise<never>; cancel(): void };
  stop(): void;
};

export function watchConnections(connections: readonly ConnectionEvents[]): ConnectionWatch {
  const up = connections.map(() => false);
  const onChange = new Set<() => void>();
  const notify = () => {
    for (const listener of [...onChange]) listener();
  };
  const listeners = connections.map((connection, index) => {
    const ready = () => {
      up[index] = true;
      notify();
    };
    const close = () => {
      up[index] = false;
      notify();
    };
    connection.on('ready', ready);
    connection.on('close', close);
    return { connection, ready, close };
  });
  const allUp = () => up.every(Boolean);

  return {
    whenUp: (ms) => {
      if (allUp()) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const done = (value: boolean) => {
          clearTimeout(timer);
          onChange.delete(check);
          resolve(value);
        };
        const check = () => {
          if (allUp()) done(true);
        };
        const timer = setTimeout(() => done(false), ms);
        onChange.add(check);
      });
    },
    nextDown: (reason) => {
      let check = () => undefined as void;
      const promise = new Promise<never>((_resolve, reject) => {
        check = () => {
          if (allUp()) return;
          onChange.delete(check);
          reject(reason());
        };
        onChange.add(check);
      });
      promise.catch(() => undefined); // the caller may have settled another way meanwhile
      return { promise, cancel: () => onChange.delete(check) };
    },
    stop: () => {
      onChange.clear();
      for (const { connection, ready, close } of listeners) {
        connection.off('ready', ready);
        connection.off('close', close);
      }
    },
  };
}

/** For readiness: whether a BullMQ queue, worker or events reader is connected to Redis now. */
export async function queueConnected(owner: { getBackend(): { client: Promise<{ status: string }> } }, ms = 1_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ms)));
  try {
    const client = await Promise.race([owner.getBackend().client.catch(() => undefined), timeout]);
    return client?.status === 'ready';
  } finally {
    clearTimeout(timer);
  }
}
