import { randomBytes } from 'node:crypto';
import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { feedPort, portReadable, SourceFeedFailed } from './source-port.js';

const CHUNK = 64 * 1024;
const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('source port', () => {
  it('when the reader reads everything then the bytes arrive whole and in order, views of larger buffers included, and the feed ends without failure', async () => {
    const bytes = randomBytes(3 * 1024 * 1024 + 17);
    async function* views(): AsyncGenerator<Uint8Array> {
      // Views of one large buffer, of uneven sizes (a view is sent as its own bytes only).
      for (let at = 0; at < bytes.length; at += 70_001) yield bytes.subarray(at, Math.min(bytes.length, at + 70_001));
    }
    const { port1, port2 } = new MessageChannel();
    const feeding = feedPort(port1, views());
    const received: Buffer[] = [];
    for await (const chunk of portReadable(port2)) received.push(chunk as Buffer);
    expect(Buffer.concat(received).equals(bytes)).toBe(true);
    expect(await feeding).toEqual({});
  });

  it('when the reader reads slowly then the source is read no further ahead than its read-ahead', async () => {
    let pulled = 0;
    async function* endless(): AsyncGenerator<Uint8Array> {
      for (;;) {
        pulled += 1;
        yield new Uint8Array(CHUNK);
      }
    }
    const { port1, port2 } = new MessageChannel();
    const feeding = feedPort(port1, endless());
    const reader = portReadable(port2)[Symbol.asyncIterator]();
    await reader.next();
    // Long enough for a loaded machine to fill the read-ahead; back-pressure bounds it however long.
    await tick(1000);
    // 1 MiB of read-ahead is 16 chunks, and one in flight.
    expect(pulled).toBeGreaterThan(4);
    expect(pulled).toBeLessThanOrEqual(18);
    await reader.return?.();
    expect(await feeding).toEqual({});
  });

  it('when the source read fails then the reader\'s stream fails with its message and the feed settles with the error', async () => {
    const broken = new Error('the store could not be read');
    async function* failing(): AsyncGenerator<Uint8Array> {
      yield new Uint8Array(CHUNK);
      throw broken;
    }
    const { port1, port2 } = new MessageChannel();
    const feeding = feedPort(port1, failing());
    const reading = (async () => {
      for await (const chunk of portReadable(port2)) void chunk;
    })();
    await expect(reading).rejects.toThrow(SourceFeedFailed);
    await expect(reading).rejects.toThrow('the store could not be read');
    expect(await feeding).toEqual({ failure: broken });
  });

  it('when the reader goes away mid-read (its worker ended) then the source read is ended', async () => {
    let ended = false;
    async function* endless(): AsyncGenerator<Uint8Array> {
      try {
        for (;;) yield new Uint8Array(CHUNK);
      } finally {
        ended = true;
      }
    }
    const { port1, port2 } = new MessageChannel();
    const feeding = feedPort(port1, endless());
    await portReadable(port2)[Symbol.asyncIterator]().next();
    port2.close();
    expect(await feeding).toEqual({});
    expect(ended).toBe(true);
  });
});
