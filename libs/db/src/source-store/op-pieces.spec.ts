import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressPiece, decompressPiece, inflatePiece, PieceWriter } from './op-pieces.js';

/** Op bytes of a generated Turtle-like text (what a whole version's piece holds). */
function sample(bytes: number): Buffer {
  const lines: string[] = [];
  for (let n = 0, size = 0; size < bytes; n += 1) {
    const line = `ex:T${String(n * 1000).padStart(9, '0')} rdfs:label "term ${n} of process ${n % 97} binding"@en .`;
    lines.push(line);
    size += line.length + 1;
  }
  return Buffer.from(lines.join('\n')).subarray(0, bytes);
}

describe('piece compression', () => {
  it('when a piece is deflated then it is at the fastest level, on the thread pool too', async () => {
    const bytes = sample(200_000);
    const fast = deflateRawSync(bytes, { level: 1 });
    expect(fast.equals(deflateRawSync(bytes))).toBe(false);
    expect(compressPiece('deflate', bytes).equals(fast)).toBe(true);
    const written: Buffer[] = [];
    const writer = new PieceWriter('deflate', async (pieces) => void written.push(...pieces));
    writer.insertBytes(bytes);
    await writer.finish();
    expect(written).toHaveLength(1);
    const piece = written[0] as Buffer;
    expect(piece.equals(deflateRawSync(decompressPiece('deflate', piece), { level: 1 }))).toBe(true);
  });

  it('when a piece was stored at the default level (before level 1) then it still reads back byte for byte', async () => {
    const bytes = sample(200_000);
    const old = deflateRawSync(bytes);
    expect(Buffer.from(decompressPiece('deflate', old)).equals(bytes)).toBe(true);
    expect(Buffer.from(await inflatePiece('deflate', old)).equals(bytes)).toBe(true);
  });
});
