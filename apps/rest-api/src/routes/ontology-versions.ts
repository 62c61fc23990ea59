// REST extensions over an ontology's history (issue 10): diffs between commits and downloads
// of a commit's source, as stored (streamed, with Range) or in another RDF serialization.
import { Router, type Request } from 'express';
import { DiffQuery, SourceQuery } from '@oms/contracts';
import type { RestContext } from '../rest-context.js';
import { actorOf } from '../http/authenticate.js';
import { negotiate } from '../http/negotiate.js';
import { sendText } from '../http/send-text.js';
import { sendByteStream } from '../http/send-byte-stream.js';
import { ifRangeHolds, requestedRange } from '../http/byte-range.js';
import { AppError } from '@oms/domain';
import { idParam, parseQuery } from '../http/params.js';
import { diffOntology, downloadOntologySource } from '@oms/ontology-service';

/** Memory a streamed download holds: one FETCH of chunks (up to 8 of 256 KB), a chunk in the socket's buffer. */
const STREAM_BYTES = 3 * 1024 * 1024;

const header = (req: Request, name: string): string | undefined => {
  const value = req.headers[name];
  return typeof value === 'string' ? value : undefined;
};

const DIFF_TYPES = ['application/json', 'text/x-diff', 'text/plain'];

/** `If-None-Match` names the answer's ETag (or `*`): the client has it already. */
function fresh(req: Request, etag: string): boolean {
  const header = req.headers['if-none-match'];
  if (typeof header !== 'string') return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim().replace(/^W\//, '');
    return trimmed === '*' || trimmed === etag;
  });
}

export function ontologyVersionRoutes(ctx: RestContext): Router {
  const router = Router();

  router.get('/ontologies/:id/diff', async (req, res) => {
    const ontologyId = idParam(req.params.id);
    const query = parseQuery(DiffQuery, req);
    const type = negotiate(req, DIFF_TYPES);
    const diff = await diffOntology(ctx, actorOf(res), { ontologyId, ...query, textOnly: type !== 'application/json' });
    res.setHeader('Vary', 'Accept');
    if (type === 'application/json') {
      res.json(diff);
      return;
    }
    res.type(`${type}; charset=utf-8`).send(diff.kind === 'text' ? diff.changes.unified : '');
  });

  router.get('/ontologies/:id/source', async (req, res) => {
    const ontologyId = idParam(req.params.id);
    const query = parseQuery(SourceQuery, req);
    const { download, pinned } = await downloadOntologySource(ctx, actorOf(res), {
      ontologyId,
      ...query,
      negotiate: (mediaTypes) => negotiate(req, mediaTypes),
    });
    res.setHeader('ETag', download.etag);
    res.setHeader('Vary', 'Accept');
    // A commit never changes; the head does, so an unpinned download is revalidated each time.
    res.setHeader('Cache-Control', pinned ? 'private, max-age=31536000, immutable' : 'private, no-cache');
    if (fresh(req, download.etag)) {
      res.status(304).end();
      return;
    }
    const userId = actorOf(res).userId;
    res.setHeader('Content-Disposition', `attachment; filename="${download.fileName}"`);
    if (download.kind === 'converted') {
      // Counted whole: a body loaded for this request stays in memory until its last byte is taken.
      ctx.responseBudget.hold(res, userId, download.body.length);
      res.type(`${download.mediaType}; charset=utf-8`);
      await sendText(res, download.body, { deadlineMs: ctx.config.responseWriteTimeoutMs });
      return;
    }
    // The stored form, streamed from the database (DESIGN 8), whole or one byte range.
    res.setHeader('Accept-Ranges', 'bytes');
    const range = ifRangeHolds(header(req, 'if-range'), download.etag) ? requestedRange(header(req, 'range'), download.bytes) : undefined;
    if (range === 'unsatisfiable') {
      res.setHeader('Content-Range', `bytes */${download.bytes}`);
      throw new AppError('range_not_satisfiable', { message: `The source has ${download.bytes} bytes; the range asked for is not within them.` });
    }
    ctx.responseBudget.hold(res, userId, STREAM_BYTES);
    res.type(`${download.mediaType}; charset=utf-8`);
    if (range) {
      res.status(206);
      res.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${download.bytes}`);
    }
    if (req.method === 'HEAD') {
      // The headers only: nothing is read from the database.
      res.setHeader('Content-Length', range ? range.end - range.start + 1 : download.bytes);
      res.end();
      return;
    }
    await sendByteStream(res, (signal) => download.chunks({ signal, key: userId }), range ?? { start: 0, end: download.bytes - 1 }, {
      deadlineMs: ctx.config.responseWriteTimeoutMs,
    });
  });

  return router;
}
