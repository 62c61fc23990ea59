// Writes a pagination envelope item by item, so a page of large ontologies is never held in
// memory as a whole (the bench's list-memory case), and a slow client slows the producer.
import { once } from 'node:events';
import type { Response } from 'express';

export async function streamEnvelope<T>(res: Response, pagination: object, items: AsyncIterable<T>, present: (item: T) => unknown): Promise<void> {
  res.status(200).type('application/json');
  res.write(`{"pagination":${JSON.stringify(pagination)},"data":[`);
  let first = true;
  try {
    for await (const item of items) {
      const chunk = (first ? '' : ',') + JSON.stringify(present(item));
      first = false;
      if (!res.write(chunk)) await once(res, 'drain');
      if (res.destroyed) return;
    }
  } catch (error) {
    // The status line is gone already: cut the connection so the client sees a broken body, not a short list.
    res.destroy(error instanceof Error ? error : new Error(String(error)));
    throw error;
  }
  res.end(']}');
}
