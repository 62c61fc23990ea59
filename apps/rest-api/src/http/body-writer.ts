// Writes a response body piece by piece: when the socket buffer is full it waits for 'drain',
// so a slow client slows the producer instead of piling the answer up in memory, and it
// notices a client that went away (no more writes, no wait that never ends).
import type { ServerResponse } from 'node:http';

export class ClientGoneError extends Error {
  constructor() {
    super('the client closed the connection before the answer ended');
    this.name = 'ClientGoneError';
  }
}

export type BodyWriter = {
  /** Resolves true once `text` is taken (after 'drain' when the buffer was full), false when the client is gone. */
  write(text: string): Promise<boolean>;
  /** Aborts (with a ClientGoneError) when the client goes away before the answer ended. */
  readonly signal: AbortSignal;
  readonly gone: boolean;
};

export function bodyWriter(res: ServerResponse): BodyWriter {
  const controller = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) controller.abort(new ClientGoneError());
  });
  const { signal } = controller;
  const drained = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        res.off('drain', done);
        signal.removeEventListener('abort', done);
        resolve();
      };
      res.on('drain', done);
      signal.addEventListener('abort', done, { once: true });
    });
  return {
    signal,
    get gone() {
      return signal.aborted;
    },
    async write(text) {
      if (signal.aborted || res.destroyed) return false;
      if (!res.write(text)) await drained();
      return !signal.aborted;
    },
  };
}
