// A text body (or one already encoded) written in slices with backpressure (bodyWriter): a client that reads slowly
// pins one slice beside the text (which a cache may share between answers), not a copy of the
// whole body in the socket's buffer, and one that stops reading is dropped at the write
// deadline. Headers (type, ETag, ...) are the caller's; Content-Length is set here.
import type { Response } from 'express';
import { bodyWriter } from './body-writer.js';

/** Characters per write (at most 3 bytes each in UTF-8). */
const SLICE_CHARS = 64 * 1024;

/** Where a slice of `text` from `start` ends: never between the two halves of a surrogate pair. */
function sliceEnd(text: string, start: number): number {
  const end = Math.min(text.length, start + SLICE_CHARS);
  if (end === text.length) return end;
  const last = text.charCodeAt(end - 1);
  return last >= 0xd800 && last <= 0xdbff ? end - 1 : end;
}

/** Bytes per write of a body that is already encoded (a cached conversion). */
const SLICE_BYTES = 128 * 1024;

export async function sendText(res: Response, body: string | Buffer, options: { deadlineMs: number }): Promise<void> {
  res.setHeader('Content-Length', Buffer.byteLength(body));
  const out = bodyWriter(res, options);
  for (let start = 0; start < body.length; ) {
    const end = typeof body === 'string' ? sliceEnd(body, start) : Math.min(body.length, start + SLICE_BYTES);
    const slice = typeof body === 'string' ? body.slice(start, end) : body.subarray(start, end);
    if (!(await out.write(slice))) return;
    start = end;
  }
  res.end();
}
