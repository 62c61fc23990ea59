// Typed stand-ins for tests (the `./testing` subpath; production code never imports it): real
// objects in a test's hands instead of casts.
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import express, { type Request, type Response } from 'express';
import { createLogger, type Logger } from './logger.js';

/** A real pino logger whose JSON lines land in `entries` (parsed), at every level from `level`. */
export function recordingLogger(level = 'trace'): { logger: Logger; entries: Record<string, unknown>[] } {
  const entries: Record<string, unknown>[] = [];
  const logger = createLogger({ service: 'test', level, destination: { write: (line: string) => void entries.push(JSON.parse(line)) } });
  return { logger, entries };
}

/**
 * An express request and response for a middleware called directly: node's own message
 * objects with express's prototypes, as express itself makes them (res.locals empty, headers
 * set on the response readable with res.getHeader).
 */
export function fakeExchange(request: { method?: string; url?: string; headers?: Record<string, string> } = {}): { req: Request; res: Response } {
  const incoming = new IncomingMessage(new Socket());
  incoming.method = request.method ?? 'GET';
  incoming.url = request.url ?? '/';
  incoming.headers = { ...request.headers };
  const req: Request = Object.setPrototypeOf(incoming, express.request);
  const res: Response = Object.setPrototypeOf(new ServerResponse(incoming), express.response);
  res.locals = {};
  return { req, res };
}
