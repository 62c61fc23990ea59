// Ontologies and their commits (SPEC 4.1).
import { Router, type Response } from 'express';
import { pageInfo } from '@oms/domain';
import { ChildrenQuery, CommitsQuery, CreateOntologyRequest, ListOntologiesQuery, OntologyReadQuery, UpdateOntologyRequest } from '@oms/contracts';
import type { RestContext } from '../rest-context.js';
import { actorOf } from '../http/authenticate.js';
import { parseBody } from '../http/parse-body.js';
import { sendJson } from '../http/send-json.js';
import { idParam, ifMatchOf, parseQuery } from '../http/params.js';
import { streamEnvelope } from '../http/stream-list.js';
import { ontologyJsonPieces } from '../presenters/ontology-json.js';
import {
  createOntology,
  deleteOntology,
  listChildren,
  listOntologyCommits,
  listVisibleOntologies,
  pageWindow,
  pinnedRef,
  presentCommitDetail,
  presentCommitSummary,
  presentOntologyAt,
  presentOntologyDetail,
  readCommit,
  readOntology,
  readOntologyAt,
  updateOntology,
  type OntologyPage,
} from '@oms/ontology-service';

/** Memory a streamed list holds beside its inline sources (a FETCH of chunks, pieces in the socket's buffer). */
const LIST_STREAM_BYTES = 1024 * 1024;

type OntologyDetail = Parameters<typeof presentOntologyDetail>[0];

export function ontologyRoutes(ctx: RestContext): Router {
  const router = Router();
  const sendOntology = (res: Response, row: OntologyDetail, status = 200) => {
    res.setHeader('ETag', `"${row.headHash}"`);
    sendJson(res, status, presentOntologyDetail(row, ctx.config.baseUrl));
  };
  const sendList = (res: Response, page: OntologyPage) => {
    const key = actorOf(res).userId;
    // What a stalled list can pin: its inline sources, one FETCH of a large one, socket buffers.
    ctx.responseBudget.hold(res, key, page.inlineSourceBytes + LIST_STREAM_BYTES);
    return streamEnvelope(
      res,
      page.pagination,
      (signal) => page.sources({ signal, key }),
      (item) => ontologyJsonPieces(item, ctx.config.baseUrl),
      { deadlineMs: ctx.config.responseWriteTimeoutMs },
    );
  };

  router.get('/ontologies', async (req, res) => {
    const query = parseQuery(ListOntologiesQuery, req);
    await sendList(res, await listVisibleOntologies(ctx, actorOf(res), query));
  });

  router.post('/ontologies', async (req, res) => {
    const input = parseBody(CreateOntologyRequest, req.body, ['ontology']);
    const created = await createOntology(ctx, actorOf(res), { ...input.ontology, commit_message: input.change_summary });
    res.setHeader('Location', `${ctx.config.baseUrl}/api/v1/ontologies/${created.id}`);
    sendOntology(res, created, 201);
  });

  router.get('/ontologies/:id', async (req, res) => {
    const id = idParam(req.params.id);
    const pinned = pinnedRef(parseQuery(OntologyReadQuery, req));
    if (pinned) {
      // As it was at one commit (issue 10): that commit's source, format, version and metrics.
      const { ontology, commit } = await readOntologyAt(ctx, actorOf(res), { id, ref: pinned });
      res.setHeader('ETag', `"${commit.commitHash}"`);
      sendJson(res, 200, presentOntologyAt({ ...ontology, commits: [] }, commit, ctx.config.baseUrl));
      return;
    }
    sendOntology(res, await readOntology(ctx, actorOf(res), { id }));
  });

  router.patch('/ontologies/:id', async (req, res) => {
    const id = idParam(req.params.id);
    const input = parseBody(UpdateOntologyRequest, req.body, ['ontology']);
    const updated = await updateOntology(ctx, actorOf(res), id, {
      changes: input.ontology,
      versionBump: input.version_bump,
      message: input.change_summary,
      ifMatch: ifMatchOf(req),
    });
    sendOntology(res, updated);
  });

  router.delete('/ontologies/:id', async (req, res) => {
    await deleteOntology(ctx, actorOf(res), idParam(req.params.id), ifMatchOf(req));
    res.status(204).end();
  });

  router.get('/ontologies/:id/children', async (req, res) => {
    const parentId = idParam(req.params.id);
    const query = parseQuery(ChildrenQuery, req);
    await sendList(res, await listChildren(ctx, actorOf(res), { parentId, ...query }));
  });

  router.get('/ontologies/:id/commits', async (req, res) => {
    const ontologyId = idParam(req.params.id);
    const query = parseQuery(CommitsQuery, req);
    const { total, rows } = await listOntologyCommits(ctx, actorOf(res), { ontologyId, ...pageWindow(query), version: query.version });
    res.json({ pagination: pageInfo(query.page, query.per_page, total), data: rows.map(presentCommitSummary) });
  });

  router.get('/ontologies/:id/commits/:commitId', async (req, res) => {
    const ontologyId = idParam(req.params.id);
    const commit = await readCommit(ctx, actorOf(res), { ontologyId, commitId: idParam(req.params.commitId) });
    res.json(presentCommitDetail(commit));
  });

  return router;
}
