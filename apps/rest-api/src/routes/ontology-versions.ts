// REST extensions over an ontology's history (issue 10): diffs between commits and downloads
// of a commit's source, as stored or in another RDF serialization.
import { Router, type Request, type Response } from 'express';
import { DiffQuery, SourceQuery } from '@oms/contracts';
import type { RestContext } from '../rest-context.js';
import { actorOf } from '../http/authenticate.js';
import { negotiate } from '../http/negotiate.js';
import { sendText } from '../http/send-text.js';
import { idParam, parseQuery } from '../http/params.js';
import { callerFor, visibleOntologyRowOr404 } from '@oms/ontology-service';
import { diffOntology } from '@oms/ontology-service';
import { chosenOffer, downloadSource, offerForFormat, offersFor, type Download } from '@oms/ontology-service';
import { commitMetaByRef, commitSource, headCommitMeta, pinnedRef } from '@oms/ontology-service';

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
  const visibleRow = async (id: string, res: Response) =>
    visibleOntologyRowOr404(ctx.db.prisma, await callerFor(ctx.db.prisma, actorOf(res)), idParam(id));

  router.get('/ontologies/:id/diff', async (req, res) => {
    const ontology = await visibleRow(req.params.id, res);
    const query = parseQuery(DiffQuery, req);
    const type = negotiate(req, DIFF_TYPES);
    const diff = await diffOntology(ctx, actorOf(res).userId, ontology, query, { textOnly: type !== 'application/json' });
    res.setHeader('Vary', 'Accept');
    if (type === 'application/json') {
      res.json(diff);
      return;
    }
    res.type(`${type}; charset=utf-8`).send(diff.kind === 'text' ? diff.changes.unified : '');
  });

  /** The download a request asks for; the commit (and its source) is not kept beyond this call. */
  const requestedDownload = async (req: Request, res: Response): Promise<{ download: Download; pinned: boolean }> => {
    const ontology = await visibleRow(req.params['id'] as string, res);
    const query = parseQuery(SourceQuery, req);
    const pinned = pinnedRef(query);
    const commit = pinned ? await commitMetaByRef(ctx.db.prisma, ontology.id, pinned) : await headCommitMeta(ctx.db.prisma, ontology);
    const description = await ctx.descriptions.of(commit, () => commitSource(ctx.db.prisma, commit));
    const offers = offersFor(description);
    const offer =
      query.format !== undefined
        ? offerForFormat(commit, description, offers, query.format)
        : chosenOffer(offers, negotiate(req, offers.map((candidate) => candidate.mediaType)));
    return { download: await downloadSource(ctx, actorOf(res).userId, ontology, commit, description, offer), pinned: pinned !== undefined };
  };

  router.get('/ontologies/:id/source', async (req, res) => {
    const { download, pinned } = await requestedDownload(req, res);
    res.setHeader('ETag', download.etag);
    res.setHeader('Vary', 'Accept');
    // A commit never changes; the head does, so an unpinned download is revalidated each time.
    res.setHeader('Cache-Control', pinned ? 'private, max-age=31536000, immutable' : 'private, no-cache');
    if (fresh(req, download.etag)) {
      res.status(304).end();
      return;
    }
    // Counted whole: a body loaded for this request stays in memory until its last byte is taken.
    ctx.responseBudget.hold(res, actorOf(res).userId, download.body.length);
    res.setHeader('Content-Disposition', `attachment; filename="${download.fileName}"`);
    res.type(`${download.mediaType}; charset=utf-8`);
    await sendText(res, download.body, { deadlineMs: ctx.config.responseWriteTimeoutMs });
  });

  return router;
}
