// A request id (the caller's X-Request-Id when it is sane, else a new one), a child logger
// carrying it, and one access-log line per response.
import { randomUUID } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import type { Logger } from '@oms/platform';

const SANE_ID = /^[A-Za-z0-9._-]{1,64}$/;

export function requestContext(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const incoming = req.headers['x-request-id'];
    const requestId = typeof incoming === 'string' && SANE_ID.test(incoming) ? incoming : randomUUID();
    const log = logger.child({ requestId });
    res.locals['requestId'] = requestId;
    res.locals['log'] = log;
    res.setHeader('X-Request-Id', requestId);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const userId = (res.locals['auth'] as { user?: { id: string } } | undefined)?.user?.id;
      log.info(
        {
          method: req.method,
          path: req.path,
          status: res.statusCode,
          ms: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
          ...(userId ? { userId } : {}),
        },
        'request',
      );
    });
    next();
  };
}

export function logOf(res: Response, fallback: Logger): Logger {
  return (res.locals['log'] as Logger | undefined) ?? fallback;
}
