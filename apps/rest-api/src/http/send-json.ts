import type { Response } from 'express';

/**
 * A JSON answer that is never turned into 304 Not Modified. Express's `res.json` answers 304
 * when `If-None-Match` matches the ETag we set; an ontology's ETag is its head hash (DESIGN 4),
 * which a title, description, visibility or parent change leaves alone, so a 304 would keep a
 * stale answer in the client's cache.
 */
export function sendJson(res: Response, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.status(status).type('application/json');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}
