// Reads request bodies as strict JSON: UTF-8 decoded with `fatal` (express would replace bad
// bytes silently), size counted after any gzip inflation, and a non-JSON Content-Type refused
// with 415. A missing or text/plain Content-Type is read as JSON too (SPEC: every body is
// JSON; fetch() labels a string body text/plain when the caller forgets the header). A body
// that arrives too slowly (body-deadline.ts in @oms/platform) is answered 408 and its connection closed.
import express, { type Request, type RequestHandler } from 'express';
import { AppError } from '@oms/domain';
import { watchBody, type BodyDeadlinePolicy } from '@oms/platform';
import { isMultipart } from './multipart-upload.js';

export const BODY_LIMIT_BYTES = 16 * 1024 * 1024;

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

function isJsonType(contentType: string): boolean {
  const [mediaType = '', ...params] = contentType.toLowerCase().split(';').map((part) => part.trim());
  const json = mediaType === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(mediaType);
  const charset = params.find((param) => param.startsWith('charset='))?.slice('charset='.length).replace(/"/g, '');
  return json && (charset === undefined || charset === 'utf-8' || charset === 'utf8');
}

function isPlainText(contentType: string): boolean {
  return /^text\/plain\s*(;\s*charset="?utf-?8"?\s*)?$/i.test(contentType.trim());
}

const readRaw = express.raw({ type: () => true, limit: BODY_LIMIT_BYTES, inflate: true });

/** Requests whose multipart body the route reads itself (multipart-upload.ts): left unread here. */
export type MultipartRoutes = (req: Request) => boolean;

export function jsonBody(deadline: BodyDeadlinePolicy, multipartRoutes: MultipartRoutes = () => false): RequestHandler {
  return (req, res, next) => {
    if (isMultipart(req) && multipartRoutes(req)) {
      req.body = undefined;
      return next();
    }
    const hasBody = req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] ?? '0') !== '0';
    if (!hasBody) {
      req.body = undefined;
      return next();
    }
    const contentType = req.headers['content-type'];
    if (contentType !== undefined && !isJsonType(contentType) && !isPlainText(contentType)) {
      return next(new AppError('unsupported_media_type'));
    }
    let late = false;
    const watch = watchBody(deadline, () => {
      late = true;
      req.off('data', count);
      // The rest of the body is never read: the connection cannot carry another request.
      res.setHeader('Connection', 'close');
      res.once('finish', () => req.socket.end());
      next(new AppError('request_timeout'));
    });
    const count = (chunk: Buffer) => watch.count(chunk.length);
    req.on('data', count);
    readRaw(req, res, (error?: unknown) => {
      watch.stop();
      req.off('data', count);
      if (late) return;
      if (error) return next(error);
      const raw: unknown = req.body;
      if (!Buffer.isBuffer(raw) || raw.length === 0) {
        req.body = undefined;
        return next();
      }
      try {
        req.body = JSON.parse(decoder.decode(raw));
      } catch {
        return next(new AppError('invalid_json'));
      }
      next();
    });
  };
}
