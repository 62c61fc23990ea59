import { describe, expect, it } from 'vitest';
import { latin1LineBatches } from './latin1-lines.js';
import { LookaheadWindow } from './lookahead-window.js';
import { nearestResync } from './resync.js';

/** Batches of `items`, `size` at a time, counting how many were read and whether the stream was ended early. */
function batches<T>(items: T[], size: number) {
  const seen = { read: 0, returned: false };
  async function* generate(): AsyncGenerator<T[]> {
    try {
      for (let at = 0; at < items.length; at += size) {
        seen.read += 1;
        yield items.slice(at, at + size);
      }
    } finally {
      seen.returned = true;
    }
  }
  return { stream: generate(), seen };
}

async function* chunks(text: string, size: number): AsyncGenerator<Uint8Array> {
  const bytes = Buffer.from(text, 'utf8');
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

async function all<T>(stream: AsyncIterable<T[]>): Promise<T[]> {
  const out: T[] = [];
  for await (const batch of stream) out.push(...batch);
  return out;
}

const windowOf = (lines: string[]) => {
  const window = new LookaheadWindow(batches(lines, 100).stream);
  return window.fill(1000).then(() => window);
};

describe('LookaheadWindow', () => {
  it('when filled then it reads whole batches until the count is held, and no further', async () => {
    const { stream, seen } = batches([1, 2, 3, 4, 5, 6, 7], 3);
    const window = new LookaheadWindow(stream);
    await window.fill(4);
    expect(seen.read).toBe(2);
    expect(window.size).toBe(6);
    expect([window.peek(0), window.peek(5), window.peek(6)]).toEqual([1, 6, undefined]);
    await window.fill(4);
    expect(seen.read).toBe(2);
  });

  it('when items are taken, looked at and dropped then the front moves and the stream is read to its end', async () => {
    const window = new LookaheadWindow(batches([1, 2, 3, 4, 5, 6, 7], 3).stream);
    await window.fill(3);
    expect(window.take()).toBe(1);
    expect(window.first(2)).toEqual([2, 3]);
    window.drop(2);
    expect(window.size).toBe(0);
    await window.fill(100);
    expect(window.size).toBe(4);
    expect(window.first(10)).toEqual([4, 5, 6, 7]);
    window.drop(10);
    expect(window.size).toBe(0);
    await window.fill(1);
    expect(window.size).toBe(0);
  });

  it('when more than 4,096 taken items pile up then the window keeps only what it holds, in order', async () => {
    const items = Array.from({ length: 20_000 }, (_, i) => i);
    const window = new LookaheadWindow(batches(items, 1000).stream);
    const taken: number[] = [];
    for (;;) {
      await window.fill(10);
      if (window.size === 0) break;
      taken.push(window.take());
    }
    expect(taken).toEqual(items);
  });

  it('when closed before its end then the stream is ended and nothing more is read', async () => {
    const { stream, seen } = batches([1, 2, 3, 4, 5, 6], 2);
    const window = new LookaheadWindow(stream);
    await window.fill(1);
    await window.close();
    expect(seen.returned).toBe(true);
    await window.fill(10);
    expect(seen.read).toBe(1);
    expect(window.size).toBe(2);
  });
});

describe('latin1LineBatches', () => {
  it('when bytes are cut anywhere then the lines keep their newlines and give the bytes back', async () => {
    const text = 'première ligne\n\nthird é\nlast without newline';
    for (const size of [1, 2, 5, 64]) {
      const lines = await all(latin1LineBatches(chunks(text, size), 1024));
      expect(lines).toEqual(['première ligne\n', '\n', 'third é\n', 'last without newline'].map((line) => Buffer.from(line).toString('latin1')));
      expect(Buffer.from(lines.join(''), 'latin1').toString('utf8')).toBe(text);
    }
  });

  it('when a line is longer than the maximum then it comes in pieces of that size', async () => {
    const lines = await all(latin1LineBatches(chunks(`${'a'.repeat(10)}\nbbbbbbb`, 3), 4));
    expect(lines).toEqual(['aaaa', 'aaaa', 'aa\n', 'bbbb', 'bbb']);
  });
});

describe('nearestResync', () => {
  const sure = { sureLength: 24, oneForOne: false };

  it('when a long line is equal further on then the pair with the fewest lines dropped is found', async () => {
    const long = 'a line long enough to be sure of itself\n';
    const older = await windowOf(['x\n', 'y\n', long, 'z\n']);
    const newer = await windowOf(['q\n', long, 'z\n']);
    expect(nearestResync(older, newer, sure)).toEqual([2, 1]);
  });

  it('when a short line is equal but the next is not then it resynchronizes further on', async () => {
    const older = await windowOf(['x\n', '.\n', 'a\n', '.\n', 'b\n']);
    const newer = await windowOf(['.\n', 'c\n', 'y\n', '.\n', 'b\n']);
    expect(nearestResync(older, newer, sure)).toEqual([4, 4]);
  });

  it('when one for one is allowed then a short equal line at the same distance is taken', async () => {
    const older = await windowOf(['x\n', '.\n', 'a\n']);
    const newer = await windowOf(['y\n', '.\n', 'b\n']);
    expect(nearestResync(older, newer, sure)).toBeUndefined();
    expect(nearestResync(older, newer, { sureLength: 24, oneForOne: true })).toEqual([1, 1]);
  });

  it('when nothing is equal within the windows then there is no resynchronization', async () => {
    expect(nearestResync(await windowOf(['a\n', 'b\n']), await windowOf(['c\n']), sure)).toBeUndefined();
  });
});
