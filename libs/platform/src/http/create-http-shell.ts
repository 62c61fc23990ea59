// The part of every HTTP app that is the same in each: express with x-powered-by off and the
// deployment's trust-proxy setting, the request context (id, child logger, access log),
// /healthz and /readyz first; the app mounts its own routes on `app`, then calls `finish`,
// which adds the JSON 404 and the error handler last.
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import type { Logger } from '../logger.js';
import { healthRoutes, type ReadinessChecks } from './health-routes.js';
import { jsonInternalError, jsonNotFound } from './json-fallbacks.js';
import { requestContext } from './request-context.js';

export type HttpShellOptions = {
  logger: Logger;
  /** express's "trust proxy" (TRUST_PROXY): a hop count or true/false; false when not given. */
  trustProxy?: boolean | number;
  readiness?: ReadinessChecks;
  /** Middleware every request passes right after the request context, before the health routes. */
  early?: readonly RequestHandler[];
};

/** An app's own answers to unknown paths and errors, in its own error vocabulary. */
export type ErrorAnswers = { notFound: RequestHandler; onError: ErrorRequestHandler };

export type HttpShell = {
  app: Express;
  /** Adds the last handlers: the app's ErrorAnswers, or the plain JSON 404 and 500. */
  finish(errors?: ErrorAnswers): void;
};

export function createHttpShell(options: HttpShellOptions): HttpShell {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxy ?? false);
  app.use(requestContext(options.logger));
  for (const handler of options.early ?? []) app.use(handler);
  app.use(healthRoutes(options.readiness ?? {}));
  return {
    app,
    finish: (errors) => {
      app.use(errors?.notFound ?? jsonNotFound());
      app.use(errors?.onError ?? jsonInternalError(options.logger));
    },
  };
}
