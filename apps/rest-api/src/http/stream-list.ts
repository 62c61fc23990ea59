// Writes a pagination envelope item by item and each item piece by piece, so a page of large
// ontologies is never held in memory as a whole (the bench's list-memory case) and a slow
// client slows the producer. A client that leaves stops the reading (its iterators are
// ended, which closes their cursors); an error after the first byte cuts the connection. A
// client that takes nothing for `deadlineMs` while a write waits is dropped (bodyWriter); the
// source reads hold no database session while they wait for it (readSourceChunks).
import type { Response } from 'express';
import { bodyWriter } from './body-writer.js';

export async function streamEnvelope<T>(
  res: Response,
  pagination: object,
  /** The items; `signal` aborts when the client goes away. */
  items: (signal: AbortSignal) => AsyncIterable<T>,
  /** An item's JSON in pieces (joined: the item's JSON). */
  pieces: (item: T) => AsyncIterable<string> | Iterable<string>,
  options: { deadlineMs: number },
): Promise<void> {
  const out = bodyWriter(res, options);
  res.status(200).type('application/json');
  // Written together with the next piece: no tiny writes, and nothing is sent before the
  // first item is read, so an early failure still gets a proper error answer.
  let pending = `{"pagination":${JSON.stringify(pagination)},"data":[`;
  let first = true;
  try {
    for await (const item of items(out.signal)) {
      if (!first) pending += ',';
      first = false;
      for await (const piece of pieces(item)) {
        // Leaving the loops ends the iterators (`return()`), which stops their reads.
        if (!(await out.write(pending + piece))) return;
        pending = '';
      }
    }
  } catch (error) {
    if (out.gone) return; // the client left; what failed was reading for it
    // After the status line, the error handler cuts the connection: a broken body, not a short list.
    throw error;
  }
  res.end(`${pending}]}`);
}

/**
 * A 200 JSON answer written piece by piece (one object with a large member, e.g. an ontology
 * with its source): the same rules as streamEnvelope, whose first write holds the first piece.
 */
export async function streamJson(res: Response, pieces: (signal: AbortSignal) => AsyncIterable<string>, options: { deadlineMs: number }): Promise<void> {
  const out = bodyWriter(res, options);
  res.status(200).type('application/json');
  try {
    for await (const piece of pieces(out.signal)) {
      if (!(await out.write(piece))) return;
    }
  } catch (error) {
    if (out.gone) return;
    throw error;
  }
  res.end();
}
