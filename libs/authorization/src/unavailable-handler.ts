// Sign-in, consent and the settings area when a service they need is away: the database
// (restart, failover, terminated connections), Redis (the sign-in limiter) or the REST app
// (AppError 'unavailable' from the internal API). The browser gets a 503 page with
// Retry-After instead of a 500; any other error goes on to the app's handler.
import type { ErrorRequestHandler } from 'express';
import { isDatabaseUnavailable } from '@oms/db';
import { isAppError, RETRY_AFTER_SECONDS } from '@oms/domain';
import { isRedisUnavailable, type Logger } from '@oms/platform';
import { esc, page } from '@oms/platform';

function isDependencyUnavailable(error: unknown): boolean {
  return (isAppError(error) && error.code === 'unavailable') || isDatabaseUnavailable(error) || isRedisUnavailable(error);
}

function unavailablePage(): string {
  return page(
    'Temporarily unavailable',
    `<h1>Temporarily unavailable</h1>
<p class="lead">${esc('The service cannot complete this step right now.')}</p>
<p>Nothing was signed in or changed. Go back and try again in a few seconds.</p>`,
  );
}

export function unavailableHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, _req, res, next) => {
    if (res.headersSent || !isDependencyUnavailable(error)) return next(error);
    logger.warn({ err: error }, 'sign-in or settings step refused: a dependency is unavailable');
    res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
    res.setHeader('Cache-Control', 'no-store');
    res.status(503).type('html').send(unavailablePage());
  };
}
