// A request id (the caller's X-Request-Id when it is sane, else a new one) echoed in the
// answer, a child logger carrying it, and one access-log line per answer.
import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from '../logger.js';
import { openRequestScope } from './request-scope.js';

const SANE_ID = /^[A-Za-z0-9._-]{1,64}$/;

export function requestContext(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const incoming = req.headers['x-request-id'];
    const requestId = typeof incoming === 'string' && SANE_ID.test(incoming) ? incoming : randomUUID();
    const scope = openRequestScope(res, requestId, logger.child({ requestId }));
    res.setHeader('X-Request-Id', requestId);
    // Read now: a router mounted on a prefix strips it from req.path while it runs.
    const { method, path } = req;
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number((process.hrtime.bigint() - started) / 1000n) / 1000;
      scope.log.info({ method, path, status: res.statusCode, ms }, 'request');
    });
    next();
  };
}
