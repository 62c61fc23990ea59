// The last two handlers of an app that answers JSON: an unknown path is 404, and an error no
// earlier handler answered is logged and becomes a plain 500 (no stack trace, no HTML page).
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from '../logger.js';
import { requestLog } from './request-scope.js';

export function jsonNotFound(): RequestHandler {
  return (_req, res) => {
    res.status(404).json({ error: 'not_found' });
  };
}

export function jsonInternalError(logger: Pick<Logger, 'error'>): ErrorRequestHandler {
  return (error, _req, res, next) => {
    if (res.headersSent) return next(error);
    (requestLog(res) ?? logger).error({ err: error }, 'unexpected error');
    res.status(500).json({ error: 'internal', message: 'Something went wrong on our side.' });
  };
}
