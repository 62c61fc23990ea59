// A body of known length written from byte chunks as they are read (a stored source, DESIGN 8):
// the bytes outside `range` are skipped, so memory stays at a
// chunk or two whatever the size, and a slow client slows the reading (bodyWriter). Reading
// stops once the range's last byte is written (the chunks' iterator is ended, which closes its
// cursor). An error after the first byte cuts the connection (the error handler).
import type { Response } from 'express';
import { bodyWriter } from './body-writer.js';
import type { ByteRange } from './byte-range.js';

export async function sendByteStream(
  res: Response,
  chunks: (signal: AbortSignal) => AsyncIterable<Uint8Array>,
  range: ByteRange,
  options: { deadlineMs: number },
): Promise<void> {
  const out = bodyWriter(res, options);
  res.setHeader('Content-Length', range.end - range.start + 1);
  if (range.end < range.start) {
    res.end();
    return;
  }
  /** Offset of the next chunk's first byte. */
  let offset = 0;
  try {
    for await (const chunk of chunks(out.signal)) {
      const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      const from = Math.max(0, range.start - offset);
      const to = Math.min(bytes.length, range.end + 1 - offset);
      offset += bytes.length;
      if (to > from && !(await out.write(from === 0 && to === bytes.length ? bytes : bytes.subarray(from, to)))) return;
      if (offset > range.end) break;
    }
  } catch (error) {
    if (out.gone) return;
    throw error;
  }
  if (offset <= range.end) throw new Error(`the source ended at byte ${offset}, before byte ${range.end} of the answer`);
  res.end();
}
