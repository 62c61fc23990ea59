// Ontologies and their commits (SPEC 4.1).
import { Router, type Response } from 'express';
import { AppError, pageInfo } from '@oms/domain';
import { ChildrenQuery, CommitsQuery, CreateOntologyRequest, ListOntologiesQuery, OntologyReadQuery, UpdateOntologyRequest } from '@oms/contracts';
import { findCommit, findVisibleOntologyForUser, INLINE_SOURCE_BYTES, listCommits, withStreamedHeadSources, type OntologyWithHeadMetrics } from '@oms/db';
import type { RestContext } from '../rest-context.js';
import { actorOf, authOf } from '../http/authenticate.js';
import { parseBody } from '../http/parse-body.js';
import { sendJson } from '../http/send-json.js';
import { idParam, ifMatchOf, parseQuery } from '../http/params.js';
import { presentCommitDetail, presentCommitSummary, presentOntologyAt, presentOntologyDetail } from '@oms/ontology-service';
import { ontologyJsonPieces } from '../presenters/ontology-json.js';
import { callerFor, visibleOntologyRowOr404 } from '@oms/ontology-service';
import { commitByRef, pinnedRef } from '@oms/ontology-service';
import { createOntology } from '@oms/ontology-service';
import { deleteOntology } from '@oms/ontology-service';
import { listChildren, listVisibleOntologies, pageWindow, type OntologyPage } from '@oms/ontology-service';
import { streamEnvelope } from '../http/stream-list.js';
import { updateOntology } from '@oms/ontology-service';
import { withVisibleParent } from '@oms/ontology-service';

/** Memory a streamed list holds beside its inline sources (a FETCH of chunks, pieces in the socket's buffer). */
const LIST_STREAM_BYTES = 1024 * 1024;

export function ontologyRoutes(ctx: RestContext): Router {
  const router = Router();
  const caller = (res: Response) => callerFor(ctx.db.prisma, actorOf(res));
  const sendOntology = (res: Response, row: OntologyWithHeadMetrics, status = 200) => {
    res.setHeader('ETag', `"${row.headHash}"`);
    sendJson(res, status, presentOntologyDetail(row, ctx.config.baseUrl));
  };
  const sendList = (res: Response, page: OntologyPage) => {
    const key = authOf(res).user.id;
    // What a stalled list can pin: its inline sources, one FETCH of a large one, socket buffers.
    ctx.responseBudget.hold(res, key, page.rows.length * INLINE_SOURCE_BYTES + LIST_STREAM_BYTES);
    return streamEnvelope(
      res,
      page.pagination,
      (signal) => withStreamedHeadSources(ctx.db, page.rows, { signal, key }),
      (item) => ontologyJsonPieces(item, ctx.config.baseUrl),
      { deadlineMs: ctx.config.responseWriteTimeoutMs },
    );
  };

  router.get('/ontologies', async (req, res) => {
    const query = parseQuery(ListOntologiesQuery, req);
    await sendList(res, await listVisibleOntologies(ctx, await caller(res), query));
  });

  router.post('/ontologies', async (req, res) => {
    const input = parseBody(CreateOntologyRequest, req.body, ['ontology']);
    const who = await caller(res);
    const created = await createOntology(ctx, who, { ...input.ontology, commit_message: input.change_summary });
    res.setHeader('Location', `${ctx.config.baseUrl}/api/v1/ontologies/${created.id}`);
    sendOntology(res, await withVisibleParent(ctx.db.prisma, who, created), 201);
  });

  router.get('/ontologies/:id', async (req, res) => {
    const id = idParam(req.params.id);
    const pinned = pinnedRef(parseQuery(OntologyReadQuery, req));
    if (pinned) {
      // As it was at one commit (issue 10): that commit's source, format, version and metrics.
      const who = await caller(res);
      const ontology = await withVisibleParent(ctx.db.prisma, who, await visibleOntologyRowOr404(ctx.db.prisma, who, id));
      const commit = await commitByRef(ctx.db.prisma, ontology.id, pinned);
      res.setHeader('ETag', `"${commit.commitHash}"`);
      sendJson(res, 200, presentOntologyAt({ ...ontology, commits: [] }, commit, ctx.config.baseUrl));
      return;
    }
    const ontology = await findVisibleOntologyForUser(ctx.db.sql, id, authOf(res).user.id);
    if (!ontology) throw new AppError('not_found');
    sendOntology(res, ontology);
  });

  router.patch('/ontologies/:id', async (req, res) => {
    const id = idParam(req.params.id);
    const input = parseBody(UpdateOntologyRequest, req.body, ['ontology']);
    const who = await caller(res);
    const updated = await updateOntology(ctx, who, id, {
      changes: input.ontology,
      versionBump: input.version_bump,
      message: input.change_summary,
      ifMatch: ifMatchOf(req),
    });
    sendOntology(res, await withVisibleParent(ctx.db.prisma, who, updated));
  });

  router.delete('/ontologies/:id', async (req, res) => {
    await deleteOntology(ctx, await caller(res), idParam(req.params.id), ifMatchOf(req));
    res.status(204).end();
  });

  router.get('/ontologies/:id/children', async (req, res) => {
    const id = idParam(req.params.id);
    const query = parseQuery(ChildrenQuery, req);
    await sendList(res, await listChildren(ctx, await caller(res), id, query));
  });

  router.get('/ontologies/:id/commits', async (req, res) => {
    const ontology = await visibleOntologyRowOr404(ctx.db.prisma, await caller(res), idParam(req.params.id));
    const query = parseQuery(CommitsQuery, req);
    const { total, rows } = await listCommits(
      ctx.db.prisma,
      ontology.id,
      pageWindow(query),
      { version: query.version },
    );
    res.json({ pagination: pageInfo(query.page, query.per_page, total), data: rows.map(presentCommitSummary) });
  });

  router.get('/ontologies/:id/commits/:commitId', async (req, res) => {
    const ontology = await visibleOntologyRowOr404(ctx.db.prisma, await caller(res), idParam(req.params.id));
    const commit = await findCommit(ctx.db.prisma, ontology.id, idParam(req.params.commitId));
    if (!commit) throw new AppError('not_found');
    res.json(presentCommitDetail(commit));
  });

  return router;
}
