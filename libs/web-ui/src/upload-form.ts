// The upload form's multipart body (DESIGN 8, 9), read while it arrives: the small text fields
// (csrf first, as the form orders them), then the file part `source`, spooled to a temporary
// file with its size counted and its SHA-256 computed; past the limit the upload is cut off at once (413). The CSRF token
// is checked when the file part begins, before a byte of it is stored: a missing or wrong token
// is refused (403) and nothing is kept. The temporary file is removed when the work ends.
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import Busboy from 'busboy';
import { watchBody, type BodyDeadlinePolicy } from '@oms/platform';

export const UPLOAD_FIELDS = ['csrf', 'message', 'version_bump', 'version'] as const;
export type UploadFields = Partial<Record<(typeof UPLOAD_FIELDS)[number], string>>;
/** The spooled file part: where, how large, its lower-case hex SHA-256, and the name the browser sent. */
export type UploadedFile = { path: string; bytes: number; sha256: string; fileName: string };
export type UploadForm = { fields: UploadFields; source: UploadedFile | undefined };

/** Where the source is spooled, the largest taken, and how fast the body must keep arriving (else 408). */
export type UploadLimits = { dir: string; maxSourceBytes: number; deadline: BodyDeadlinePolicy };

/** Why the body was refused: the page answers each with its own status. */
export class UploadRefused extends Error {
  constructor(
    readonly status: 400 | 403 | 408 | 413,
    message: string,
  ) {
    super(message);
  }
}

const FIELD_MAX = 64 * 1024;

export function isMultipartForm(req: Request): boolean {
  return /^multipart\/form-data\s*(;|$)/i.test(req.headers['content-type'] ?? '');
}

/**
 * Receives the form, runs `use` with it, removes the spooled file (also on failure), and only
 * then runs the answer `use` gave back: nothing of the upload is left when the browser is answered.
 */
export async function withUploadForm(
  req: Request,
  res: Response,
  limits: UploadLimits,
  csrfOk: (token: string) => boolean,
  use: (form: UploadForm) => Promise<() => void>,
): Promise<void> {
  const path = join(limits.dir, `oms-web-upload-${randomBytes(12).toString('hex')}`);
  let answer: () => void;
  try {
    answer = await use(await receive(req, res, limits, csrfOk, path));
  } finally {
    await rm(path, { force: true });
  }
  answer();
}

function receive(req: Request, res: Response, limits: UploadLimits, csrfOk: (token: string) => boolean, path: string): Promise<UploadForm> {
  return new Promise<UploadForm>((resolve, reject) => {
    let busboy: Busboy.Busboy;
    try {
      busboy = Busboy({ headers: req.headers, limits: { fieldSize: FIELD_MAX, fields: 10, files: 1, fileSize: limits.maxSourceBytes } });
    } catch {
      reject(new UploadRefused(400, 'The form could not be read.'));
      return;
    }
    const fields: UploadFields = {};
    let settled = false;
    let source: Promise<UploadedFile | undefined> = Promise.resolve(undefined);
    const streams: { destroy(): void }[] = [];
    // A body that trickles is cut off (as REST does), however large it claims to be.
    const watch = watchBody(limits.deadline, () => fail(new UploadRefused(408, 'The form took too long to arrive.')));
    const count = (chunk: Buffer) => watch.count(chunk.length);
    req.on('data', count);
    const finish = () => {
      watch.stop();
      req.off('data', count);
    };

    /** Stops reading: the rest of the body is never read, so the connection is closed after the answer. */
    function fail(error: UploadRefused): void {
      if (settled) return;
      settled = true;
      finish();
      req.unpipe(busboy);
      for (const stream of streams) stream.destroy();
      res.setHeader('Connection', 'close');
      res.once('finish', () => req.socket.end());
      void source
        .catch(() => undefined)
        .finally(() => rm(path, { force: true }).then(() => reject(error), () => reject(error)));
    }

    busboy.on('field', (name, value, info) => {
      if (info.valueTruncated) return fail(new UploadRefused(413, 'A field of the form is too long.'));
      if ((UPLOAD_FIELDS as readonly string[]).includes(name)) fields[name as keyof UploadFields] = value;
    });
    busboy.on('file', (name, stream, info) => {
      if (name !== 'source' || settled) {
        stream.resume();
        return;
      }
      // The token comes before the file in the form: without the right one, nothing is stored.
      if (!csrfOk(fields.csrf ?? '')) {
        stream.resume();
        return fail(new UploadRefused(403, 'csrf'));
      }
      if (!info.filename) {
        // No file chosen: the browser sends an empty part without a name.
        stream.resume();
        return;
      }
      let bytes = 0;
      const hash = createHash('sha256');
      const out = createWriteStream(path, { flags: 'wx' });
      streams.push(out, stream);
      stream.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        hash.update(chunk);
      });
      stream.on('limit', () => fail(new UploadRefused(413, `The file is larger than ${limits.maxSourceBytes} bytes (SOURCE_MAX_BYTES).`)));
      source = pipeline(stream, out).then(() => ({ path, bytes, sha256: hash.digest('hex'), fileName: info.filename }));
      source.catch(() => fail(new UploadRefused(400, 'The file could not be received.')));
    });
    busboy.on('error', () => fail(new UploadRefused(400, 'The form could not be read.')));
    req.on('error', () => fail(new UploadRefused(400, 'The form could not be received.')));
    busboy.on('close', () => {
      void source.then(
        (file) => {
          if (settled) return;
          settled = true;
          finish();
          resolve({ fields, source: file });
        },
        () => undefined,
      );
    });
    req.pipe(busboy);
  });
}
