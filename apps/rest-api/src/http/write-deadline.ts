// A deadline for answers written whole (res.json, res.send, res.end with a body): once the
// body is handed to the socket ('prefinish'), the client must take it within `ms` ('finish':
// the last byte reached the kernel), or the connection is dropped. Without it a client that
// never reads kept the answer (and its socket) for as long as it liked. Streamed answers wait
// for 'drain' with the same deadline (bodyWriter).
import type { RequestHandler } from 'express';

export function writeDeadline(ms: number): RequestHandler {
  return (_req, res, next) => {
    res.once('prefinish', () => {
      if (res.writableFinished) return;
      const timer = setTimeout(() => res.destroy(), ms);
      const stop = () => clearTimeout(timer);
      res.once('finish', stop);
      res.once('close', stop);
    });
    next();
  };
}
