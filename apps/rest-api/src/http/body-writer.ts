// Writes a response body piece by piece: when the socket buffer is full it waits for 'drain',
// so a slow client slows the producer instead of piling the answer up in memory, and it
// notices a client that went away (no more writes, no wait that never ends). A client that
// takes nothing for `deadlineMs` while a write waits loses the connection (a write deadline):
// it holds no memory, session or slot beyond that.
import type { ServerResponse } from 'node:http';

export class ClientGoneError extends Error {
  constructor() {
    super('the client closed the connection before the answer ended');
    this.name = 'ClientGoneError';
  }
}

export class WriteDeadlineError extends Error {
  constructor(ms: number) {
    super(`the client took none of the answer for ${ms} ms; the connection was dropped`);
    this.name = 'WriteDeadlineError';
  }
}

export type BodyWriter = {
  /** Resolves true once `text` is taken (after 'drain' when the buffer was full), false when the client is gone. */
  write(text: string | Uint8Array): Promise<boolean>;
  /** Aborts (with a ClientGoneError or WriteDeadlineError) when the answer cannot end. */
  readonly signal: AbortSignal;
  readonly gone: boolean;
};

export type BodyWriterOptions = {
  /** How long a write may wait for 'drain' before the connection is destroyed. */
  deadlineMs: number;
};

export function bodyWriter(res: ServerResponse, options: BodyWriterOptions): BodyWriter {
  const controller = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) controller.abort(new ClientGoneError());
  });
  const { signal } = controller;
  const drained = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        res.off('drain', done);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(() => {
        controller.abort(new WriteDeadlineError(options.deadlineMs));
        res.destroy();
      }, options.deadlineMs);
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
