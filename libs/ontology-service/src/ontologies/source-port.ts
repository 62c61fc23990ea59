// A source's bytes handed to a worker thread through a MessagePort, without a copy on disk
// (background terms read a stored source of up to 1 GiB, DESIGN 8). The worker pulls: it asks
// for the next chunk whenever its stream's buffer runs below READ_AHEAD_BYTES, and the main
// thread reads one chunk from the source per ask, so the read runs at the pace of the parse and
// neither side holds more than a few chunks (back-pressure). The source read itself (the store's)
// takes a database session per fetch and gives it back at once, so a slow worker holds no
// connection (PGlite's only one included) while it parses. Either side going away ends the other:
// a worker that ended (killed, out of time) closes its port, which ends the source read.
import { Readable } from 'node:stream';
import type { MessagePort } from 'node:worker_threads';

/** What the worker's stream buffers ahead of the parser (a few chunks of the store's read). */
const READ_AHEAD_BYTES = 1024 * 1024;

const PULL = 'pull';

type ToReader = { chunk: Uint8Array } | { end: true } | { error: string };

/** The main thread could not read the source: the worker's stream ends with this. */
export class SourceFeedFailed extends Error {}

/**
 * The main thread's side: answers the worker's pulls from `chunks` until they end or either side
 * closes the port. Settles once the source read is over (its iterator ended, no read in hand),
 * with the read's error when it failed (never rejects: it may settle long before it is awaited).
 */
export function feedPort(port: MessagePort, chunks: AsyncIterable<Uint8Array>): Promise<{ failure?: unknown }> {
  const iterator = chunks[Symbol.asyncIterator]();
  return new Promise((resolve) => {
    let reading: Promise<void> = Promise.resolve();
    let over = false;
    let failure: unknown;
    const finish = () => {
      if (over) return;
      over = true;
      port.close();
      // After the read in hand, the source's read is ended (a store read gives its session back).
      void reading
        .then(() => iterator.return?.())
        .then(
          () => resolve(failure === undefined ? {} : { failure }),
          (error: unknown) => resolve({ failure: failure ?? error }),
        );
    };
    port.on('message', (message: unknown) => {
      if (message !== PULL || over) return;
      reading = reading.then(async () => {
        if (over) return;
        try {
          const next = await iterator.next();
          if (over) return;
          if (next.done) {
            port.postMessage({ end: true } satisfies ToReader);
            return;
          }
          // A copy of the view's own bytes (a view of a larger piece would be cloned whole), moved, not cloned again.
          const chunk = new Uint8Array(next.value);
          port.postMessage({ chunk } satisfies ToReader, [chunk.buffer]);
        } catch (error) {
          failure = error;
          port.postMessage({ error: error instanceof Error ? error.message : String(error) } satisfies ToReader);
          finish();
        }
      });
    });
    port.on('close', finish);
  });
}

/** The worker's side: the bytes as a stream, pulled from `port` as it is read; destroying it closes the port. */
export function portReadable(port: MessagePort): Readable {
  const stream = new Readable({
    highWaterMark: READ_AHEAD_BYTES,
    read() {
      port.postMessage(PULL);
    },
    destroy(error, callback) {
      port.close();
      callback(error);
    },
  });
  port.on('message', (message: ToReader) => {
    if ('chunk' in message) stream.push(message.chunk);
    else if ('end' in message) stream.push(null);
    else stream.destroy(new SourceFeedFailed(`the source could not be read: ${message.error}`));
  });
  port.on('close', () => {
    if (!stream.readableEnded && !stream.destroyed) stream.destroy(new SourceFeedFailed('the source could not be read: its reader went away'));
  });
  return stream;
}
