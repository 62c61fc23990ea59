// The one place errors become responses. AppError codes go through the domain's table;
// body-parser and router errors are mapped by status; anything else is a logged 500 whose
// body says nothing about the cause.
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { AppError, ERROR_TABLE, isAppError, RETRY_AFTER_SECONDS, type ErrorCode } from '@oms/domain';
import { requestLog, type Logger } from '@oms/platform';
import { dependencyFailure } from '@oms/ontology-service';

// Bodies fixed by DESIGN 4 carry nothing but the code.
const BARE_CODES = new Set<ErrorCode>(['unauthorized', 'not_found', 'invalid_json']);

function fromHttpError(error: unknown): AppError | undefined {
  const status = (error as { status?: unknown; statusCode?: unknown } | null)?.status;
  if (typeof status !== 'number' || status < 400 || status >= 500) return undefined;
  if (status === 413) return new AppError('payload_too_large');
  if (status === 415) return new AppError('unsupported_media_type');
  return new AppError('bad_request');
}

export function sendError(res: Parameters<RequestHandler>[1], error: AppError): void {
  const status = ERROR_TABLE[error.code].http;
  // Every 503 (database, Redis, the render queue) says when to retry.
  if (error.code === 'unavailable' && !res.hasHeader('Retry-After')) res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
  if (error.code === 'unauthorized' && !res.hasHeader('WWW-Authenticate')) res.setHeader('WWW-Authenticate', 'Bearer');
  const retryAfter = error.details?.['retry_after'];
  if (error.code === 'rate_limited' && typeof retryAfter === 'number') res.setHeader('Retry-After', String(retryAfter));
  if (error.code === 'validation_failed') {
    res.status(status).json({ errors: error.fieldErrors ?? { base: [error.message] } });
    return;
  }
  res.status(status).json(BARE_CODES.has(error.code) ? { error: error.code } : { ...error.details, error: error.code, message: error.message });
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, _req, res, _next) => {
    const log = requestLog(res) ?? logger;
    if (res.headersSent) {
      // A streamed answer failed part-way: the body cannot say so, so the connection is cut.
      log.error({ err: error }, 'request failed after the answer began');
      res.destroy();
      return;
    }
    const appError = isAppError(error) ? error : fromHttpError(error);
    if (appError) {
      if (appError.httpStatus >= 500) log.error({ err: error }, 'request failed');
      return sendError(res, appError);
    }
    const refused = dependencyFailure(error);
    if (refused) {
      // The client may retry (503 with a hint) or read again (409): a warning, not a bug.
      log.warn({ err: error }, refused.message);
      return sendError(res, refused);
    }
    log.error({ err: error }, 'unexpected error');
    sendError(res, new AppError('internal'));
  };
}

export const notFoundHandler: RequestHandler = (_req, _res, next) => next(new AppError('not_found'));
