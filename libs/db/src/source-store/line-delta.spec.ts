import { describe, expect, it } from 'vitest';
import { lineDelta, type OpSink } from './line-delta.js';
import { applyPieces, decompressPiece, PieceWriter } from './op-pieces.js';
import { segmentBatches, SegmentWindow } from './segments.js';

async function* chunksOf(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.byteLength; at += size) yield bytes.subarray(at, at + size);
}

const windowOf = (text: string | Buffer, chunk = 4096) => new SegmentWindow(segmentBatches(chunksOf(Buffer.from(text), chunk)));

async function* batchesOf(bytes: Buffer): AsyncGenerator<Uint8Array[]> {
  for await (const chunk of chunksOf(bytes, 1000)) yield [chunk];
}

/** The pieces of `next` as a delta of `base` (whole when base is undefined). */
async function encode(next: string | Buffer, base?: string | Buffer, options: { pieceBytes?: number; chunk?: number } = {}): Promise<Buffer[]> {
  const pieces: Buffer[] = [];
  const writer = new PieceWriter('deflate', async (ready) => void pieces.push(...ready), options.pieceBytes);
  if (base === undefined) {
    for await (const chunk of chunksOf(Buffer.from(next), options.chunk ?? 4096)) writer.insertBytes(chunk);
  } else {
    await lineDelta(windowOf(base, options.chunk), windowOf(next, options.chunk), writer);
  }
  await writer.finish();
  return pieces;
}

async function decode(pieces: Buffer[], base?: string | Buffer): Promise<Buffer> {
  async function* decompressed() {
    for (const piece of pieces) yield decompressPiece('deflate', piece);
  }
  const out: Uint8Array[] = [];
  for await (const batch of applyPieces(decompressed(), false, base === undefined ? undefined : batchesOf(Buffer.from(base)))) out.push(...batch);
  return Buffer.concat(out);
}

/** What a delta does, in bytes. */
async function opsOf(base: string, next: string) {
  const ops = { copied: 0, removed: 0, inserted: [] as string[] };
  const sink: OpSink = {
    copy: (bytes) => void (ops.copied += bytes),
    remove: (bytes) => void (ops.removed += bytes),
    insertLatin1: (text) => void ops.inserted.push(Buffer.from(text, 'latin1').toString('utf8')),
    drain: async () => undefined,
  };
  await lineDelta(windowOf(base), windowOf(next), sink);
  return ops;
}

const lines = (count: number, tag = 'term') =>
  Array.from({ length: count }, (_, i) => `ex:${tag}${String(i).padStart(6, '0')} rdfs:label "label number ${i} é 中 😀" .\n`);

describe('line deltas', () => {
  const base = lines(3000).join('');

  it('when one line in the middle changes then the delta inserts that line only and copies the rest', async () => {
    const changed = lines(3000);
    changed[1500] = 'ex:term001500 rdfs:label "a new label" .\n';
    const ops = await opsOf(base, changed.join(''));
    expect(ops.inserted).toEqual([changed[1500]]);
    expect(ops.copied).toBe(Buffer.byteLength(base) - Buffer.byteLength(lines(3000)[1500] as string));
  });

  it('when lines are inserted at sorted places all through the file then only they are inserted', async () => {
    const withNew = lines(3000);
    const added: string[] = [];
    for (let at = 2900; at > 0; at -= 290) {
      const line = `ex:term${String(at).padStart(6, '0')}b rdfs:label "inserted ${at}" .\n`;
      withNew.splice(at, 0, line);
      added.unshift(line);
    }
    const ops = await opsOf(base, withNew.join(''));
    expect(ops.inserted).toEqual(added);
    expect(ops.removed).toBe(0);
    expect(ops.copied).toBe(Buffer.byteLength(base));
  });

  it('when lines are deleted then the delta removes them and inserts nothing', async () => {
    const fewer = lines(3000).filter((_, i) => i % 500 !== 7);
    const dropped = lines(3000).filter((_, i) => i % 500 === 7);
    const ops = await opsOf(base, fewer.join(''));
    expect(ops.inserted).toEqual([]);
    expect(ops.removed).toBe(Buffer.byteLength(dropped.join('')));
  });

  it('when the same versions are encoded twice then the pieces are the same bytes (deterministic)', async () => {
    const next = lines(3000, 'other').join('');
    expect(Buffer.concat(await encode(next, base))).toEqual(Buffer.concat(await encode(next, base)));
  });

  it.each([
    ['empty to text', '', 'a\nb\n'],
    ['text to empty', 'a\nb\n', ''],
    ['both empty', '', ''],
    ['a BOM and CRLF kept', '\uFEFFa\r\nb\r\nc\r\n', '\uFEFFa\r\nB\r\nc\r\nd'],
    ['a BOM added', 'a\r\n', '\uFEFFa\r\n'],
    ['no newline at all', 'x'.repeat(100_000), `${'x'.repeat(50_000)}y${'x'.repeat(50_000)}`],
    ['multi-byte characters', 'é 中 😀\n𝄞 ü\n', 'é 中 😀\n𝄞 üü\n😀\n'],
    ['short repeated lines', ' .\n\n .\n\n'.repeat(200), ' .\n\n'.repeat(100) + 'x\n' + ' .\n\n'.repeat(300)],
  ])('when the change is %s then the version comes back byte for byte', async (_name, from, to) => {
    for (const chunk of [1, 3, 4096]) {
      const pieces = await encode(to, from, { chunk });
      expect((await decode(pieces, from)).toString('utf8')).toBe(to);
    }
    expect((await decode(await encode(to), undefined)).toString('utf8')).toBe(to);
  });

  it('when ops cannot fit one piece then they are split over many and still read back', async () => {
    const changed = lines(500).map((line, i) => (i % 7 === 0 ? line.replace('label', 'LABEL') : line)).join('');
    const small = lines(500).join('');
    const pieces = await encode(changed, small, { pieceBytes: 64 });
    expect(pieces.length).toBeGreaterThan(10);
    expect((await decode(pieces, small)).toString('utf8')).toBe(changed);
    const whole = await encode(changed, undefined, { pieceBytes: 64 });
    expect((await decode(whole)).toString('utf8')).toBe(changed);
  });

  it('when every line is new then the delta inserts the new text and costs no more than a whole version', async () => {
    const next = lines(20_000, 'other').join('');
    const started = performance.now();
    const delta = await encode(next, lines(20_000).join(''));
    expect(performance.now() - started).toBeLessThan(5_000);
    const whole = await encode(next);
    expect(Buffer.concat(delta).byteLength).toBeLessThan(Buffer.concat(whole).byteLength * 1.1);
  });

  it('when a block longer than the window is inserted then the version still comes back and the delta stays near the block size', async () => {
    const block = lines(2000, 'block');
    const next = [...lines(3000).slice(0, 1000), ...block, ...lines(3000).slice(1000)].join('');
    const ops = await opsOf(base, next);
    expect(Buffer.byteLength(ops.inserted.join(''))).toBeLessThan(Buffer.byteLength(block.join('')) * 2.5);
    expect((await decode(await encode(next, base), base)).toString('utf8')).toBe(next);
  });

  it('when a version copies megabytes of its base then it comes out in bounded batches', async () => {
    const big = lines(40_000).join('');
    const next = `${big}one more line\n`;
    const pieces = await encode(next, big);
    async function* decompressed() {
      for (const piece of pieces) yield decompressPiece('deflate', piece);
    }
    let largest = 0;
    let total = 0;
    for await (const batch of applyPieces(decompressed(), false, batchesOf(Buffer.from(big)))) {
      const bytes = batch.reduce((sum, part) => sum + part.byteLength, 0);
      largest = Math.max(largest, bytes);
      total += bytes;
    }
    expect(total).toBe(Buffer.byteLength(next));
    expect(largest).toBeLessThanOrEqual(256 * 1024 + 100);
  });

  it('when a delta reads past the end of its base then it fails instead of answering short', async () => {
    const pieces = await encode('a\nb\nc\n', 'a\nb\nc\n');
    await expect(decode(pieces, 'a\n')).rejects.toThrow('past the end of its base');
  });
});
