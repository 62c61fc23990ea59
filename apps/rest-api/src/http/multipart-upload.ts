// Multipart creates and updates (DESIGN 8): a `body` part with the JSON body (without
// ontology.source) and a file part `source` with the bytes. The source is spooled to a
// temporary file while it arrives, its size counted and its SHA-256 computed on the way; past
// the size limit the upload is cut off at once (413) and the partial file removed. The
// temporary file is removed when the request's work ends, whatever happened (see
// withMultipartUpload). When the body part comes first, work on the source (its check) may start
// while it arrives, reading the spool as it grows (GrowingFile). Parsed with busboy (streaming,
// maintained).
import { createHash, randomBytes } from 'node:crypto';
import { open, rm, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import Busboy from 'busboy';
import { AppError } from '@oms/domain';
import { GrowingFile } from '@oms/ontology-service';
import { watchBody, type BodyDeadlinePolicy } from '@oms/platform';

export type UploadedSource = {
  /** The temporary file holding the bytes (removed when the request's work ends). */
  path: string;
  bytes: number;
  /** Lower-case hex SHA-256 of the bytes, computed while they arrived. */
  sha256: string;
};

export type MultipartUpload = { body: unknown; source: UploadedSource | undefined };

export type MultipartOptions = {
  /** Where the source is spooled. */
  dir: string;
  /** The largest source taken; a larger one is refused with 413 while it arrives. */
  maxSourceBytes: number;
  /** What the 413 says the limit is (e.g. which setting). */
  limitName: string;
  /** The largest `body` part (the JSON body's limit). */
  maxBodyBytes: number;
  deadline: BodyDeadlinePolicy;
  /**
   * Work on the source while it arrives, started when the source part begins after the body
   * part (`body`: the parsed body part): it reads `spool` as it grows. A rejection ends the
   * upload at once with that error (e.g. the source is refused). It is stopped through the spool
   * when the upload fails and when the request's work ends.
   */
  whileArriving?: (body: unknown, spool: GrowingFile) => Promise<unknown> | undefined;
};

const decoder = new TextDecoder('utf-8', { fatal: true });

export function isMultipart(req: Request): boolean {
  return /^multipart\/form-data\s*(;|$)/i.test(req.headers['content-type'] ?? '');
}

const badPart = (message: string) => new AppError('bad_request', { message });

/**
 * Receives the parts, runs `use` with them, and removes the spooled source afterwards (also
 * when receiving or `use` fails). A refused upload leaves no file behind.
 */
export async function withMultipartUpload<T>(
  req: Request,
  res: Response,
  options: MultipartOptions,
  use: (upload: MultipartUpload) => Promise<T>,
): Promise<T> {
  const spool = new GrowingFile(join(options.dir, `oms-upload-${randomBytes(12).toString('hex')}`));
  try {
    return await use(await receive(req, res, options, spool));
  } finally {
    spool.stop();
    await rm(spool.path, { force: true });
  }
}

/** Writes the spool, publishing to `spool` how many bytes are on disk after each write. */
function spoolWriter(spool: GrowingFile): Writable {
  let handle: FileHandle | undefined;
  let written = 0;
  return new Writable({
    construct(callback) {
      open(spool.path, 'wx').then((opened) => {
        handle = opened;
        callback();
      }, callback);
    },
    writev(chunks, callback) {
      void (async () => {
        for (const { chunk } of chunks) {
          const buffer = chunk as Buffer;
          for (let at = 0; at < buffer.length; ) at += (await (handle as FileHandle).write(buffer, at, buffer.length - at)).bytesWritten;
          written += buffer.length;
        }
        spool.wrote(written);
      })().then(() => callback(), callback);
    },
    final(callback) {
      (handle as FileHandle).close().then(() => callback(), callback);
    },
    destroy(error, callback) {
      if (!handle) return callback(error);
      handle.close().then(
        () => callback(error),
        () => callback(error),
      );
    },
  });
}

function receive(req: Request, res: Response, options: MultipartOptions, spool: GrowingFile): Promise<MultipartUpload> {
  const path = spool.path;
  return new Promise<MultipartUpload>((resolve, reject) => {
    let busboy: Busboy.Busboy;
    try {
      busboy = Busboy({ headers: req.headers, limits: { fieldSize: options.maxBodyBytes, fileSize: options.maxSourceBytes } });
    } catch (error) {
      reject(badPart(`The multipart body cannot be read: ${error instanceof Error ? error.message : String(error)}`));
      return;
    }
    let settled = false;
    let body: unknown;
    let bodySeen = false;
    let sourceSeen = false;
    let spooling: Promise<UploadedSource | undefined> = Promise.resolve(undefined);
    const spoolers: { destroy(): void }[] = [];

    const watch = watchBody(options.deadline, () => fail(new AppError('request_timeout')));
    const count = (chunk: Buffer) => watch.count(chunk.length);
    req.on('data', count);
    const finish = () => {
      watch.stop();
      req.off('data', count);
    };

    /** Stops reading: the rest of the body is never read, so the connection cannot carry another request. */
    function fail(error: AppError): void {
      if (settled) return;
      settled = true;
      spool.stop();
      finish();
      req.unpipe(busboy);
      for (const spooler of spoolers) spooler.destroy();
      res.setHeader('Connection', 'close');
      res.once('finish', () => req.socket.end());
      // The partial file goes before the refusal is answered.
      void spooling.catch(() => undefined).finally(() => rm(path, { force: true }).then(() => reject(error), () => reject(error)));
    }

    busboy.on('field', (name, value, info) => {
      if (name === 'source') return fail(badPart('The source part must be a file part (with a filename), e.g. curl -F source=@file.ttl.'));
      if (name !== 'body') return fail(badPart(`Unknown part "${name}": a multipart write has a "body" part and a "source" file part.`));
      if (bodySeen) return fail(badPart('The "body" part is given twice.'));
      bodySeen = true;
      if (info.valueTruncated) return fail(new AppError('payload_too_large', { message: `The body part is larger than ${options.maxBodyBytes} bytes.` }));
      try {
        body = JSON.parse(value);
      } catch {
        fail(new AppError('invalid_json', { message: 'The "body" part is not valid JSON.' }));
      }
    });

    busboy.on('file', (name, stream, info) => {
      // busboy may still emit parts it had buffered when the upload was refused: nothing is
      // spooled after that (a spool opened now could outlive the refusal's clean-up).
      if (settled) {
        stream.resume();
        return;
      }
      if (name === 'body') {
        // `curl -F body=@body.json` sends the body as a file: read it whole (it is small).
        if (bodySeen) return fail(badPart('The "body" part is given twice.'));
        bodySeen = true;
        const chunks: Buffer[] = [];
        let size = 0;
        stream.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBodyBytes) return fail(new AppError('payload_too_large', { message: `The body part is larger than ${options.maxBodyBytes} bytes.` }));
          chunks.push(chunk);
        });
        stream.on('end', () => {
          try {
            body = JSON.parse(decoder.decode(Buffer.concat(chunks)));
          } catch {
            fail(new AppError('invalid_json', { message: 'The "body" part is not valid JSON.' }));
          }
        });
        return;
      }
      if (name !== 'source') {
        stream.resume();
        return fail(badPart(`Unknown part "${name}" (${info.filename ?? 'no file name'}): a multipart write has a "body" part and a "source" file part.`));
      }
      if (sourceSeen) {
        stream.resume();
        return fail(badPart('The "source" part is given twice.'));
      }
      sourceSeen = true;
      const hash = createHash('sha256');
      let bytes = 0;
      const out = spoolWriter(spool);
      spoolers.push(out, stream);
      if (bodySeen && body !== undefined && options.whileArriving) {
        const stopped = (error: unknown) =>
          fail(error instanceof AppError ? error : new AppError('unavailable', { message: 'The source could not be checked while it arrived; retry.', cause: error }));
        try {
          options.whileArriving(body, spool)?.catch(stopped);
        } catch (error) {
          stopped(error);
        }
      }
      stream.on('data', (chunk: Buffer) => {
        hash.update(chunk);
        bytes += chunk.length;
      });
      stream.on('limit', () =>
        fail(new AppError('payload_too_large', { message: `The source is larger than ${options.maxSourceBytes} bytes (${options.limitName}).` })),
      );
      spooling = pipeline(stream, out).then(() => {
        if (!settled) spool.end();
        return { path, bytes, sha256: hash.digest('hex') };
      });
      spooling.catch((error: unknown) => fail(badPart(`The source part could not be received: ${error instanceof Error ? error.message : String(error)}`)));
    });

    busboy.on('error', (error: unknown) => fail(badPart(`The multipart body cannot be read: ${error instanceof Error ? error.message : String(error)}`)));
    req.on('error', (error) => fail(badPart(`The request body could not be received: ${error.message}`)));
    busboy.on('close', () => {
      void spooling.then(
        (source) => {
          if (settled) return;
          if (!bodySeen) return fail(badPart('The multipart body has no "body" part (the JSON body of the request).'));
          settled = true;
          finish();
          resolve({ body, source });
        },
        () => undefined,
      );
    });
    req.pipe(busboy);
  });
}
