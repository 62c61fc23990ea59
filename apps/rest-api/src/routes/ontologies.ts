// Ontologies and their commits (SPEC 4.1).
import { Router, type Request, type Response } from 'express';
import { AppError, pageInfo } from '@oms/domain';
import { bodyAllowanceMs } from '@oms/platform';
import {
  ChildrenQuery,
  CommitsQuery,
  CreateOntologyMultipartBody,
  CreateOntologyRequest,
  ListOntologiesQuery,
  OntologyReadQuery,
  OntologyWriteQuery,
  UpdateOntologyMultipartBody,
  UpdateOntologyRequest,
  type OntologyResponse,
} from '@oms/contracts';
import type { RestContext } from '../rest-context.js';
import { actorOf } from '../http/authenticate.js';
import { parseBody } from '../http/parse-body.js';
import { sendJson } from '../http/send-json.js';
import { idParam, ifMatchOf, parseQuery } from '../http/params.js';
import { streamEnvelope, streamJson } from '../http/stream-list.js';
import { jsonWithStreamedString } from '../http/json-pieces.js';
import { ontologyJsonPieces, withoutSource } from '../presenters/ontology-json.js';
import { BODY_LIMIT_BYTES } from '../http/json-body.js';
import { isMultipart, withMultipartUpload, type MultipartUpload } from '../http/multipart-upload.js';
import { namedPlace, namedSourceFormat, sourceFileOf, uploadLimit } from '../http/uploaded-source.js';
import {
  checkWhileArriving,
  checkMayCreate,
  checkMayUpdate,
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
  readOntologySummary,
  readCommitMeta,
  readOntologyAtMeta,
  storedSourceBytes,
  storedSourceText,
  updateOntology,
  type OntologyPage,
  type SourceFile,
  type UploadCheck,
  type GrowingFile,
} from '@oms/ontology-service';

/** Memory a streamed list holds beside its inline sources (a FETCH of chunks, pieces in the socket's buffer). */
const LIST_STREAM_BYTES = 1024 * 1024;
/** A head source larger than this is streamed into the single answer from the store, never read whole (DESIGN 8). */
const WHOLE_ANSWER_MAX_BYTES = 1024 * 1024;

type OntologyDetail = Parameters<typeof presentOntologyDetail>[0];

/** A multipart body part that carries `ontology.source` too: the source has its own part. */
function refuseInlineSource(body: unknown): void {
  const ontology = typeof body === 'object' && body !== null ? (body as { ontology?: unknown }).ontology : undefined;
  if (typeof ontology === 'object' && ontology !== null && 'source' in ontology) {
    throw AppError.validation({ source: ['goes in the "source" file part of a multipart request, not in the "body" part'] });
  }
}

export function ontologyRoutes(ctx: RestContext): Router {
  const router = Router();
  const multipartOptions = {
    dir: ctx.config.uploadDir,
    ...uploadLimit(ctx.config.sourceMaxBytes),
    maxBodyBytes: BODY_LIMIT_BYTES,
    deadline: ctx.config.bodyDeadline,
  };
  /** What an upload may reach, and how long the largest may take to arrive (a check while it arrives waits that long at most). */
  const uploadBound = { max: multipartOptions.maxSourceBytes, arrivalMs: bodyAllowanceMs(multipartOptions.maxSourceBytes, multipartOptions.deadline) };
  /** An answer with its source, or (omit_source, multipart) with `source_bytes` instead. */
  const sendOntology = (res: Response, row: OntologyDetail, options: { status?: number; omitSource?: boolean; sourceBytes?: number } = {}) => {
    res.setHeader('ETag', `"${row.headHash}"`);
    const answer = presentOntologyDetail(row, ctx.config.baseUrl);
    const omit = options.omitSource === true || options.sourceBytes !== undefined;
    sendJson(res, options.status ?? 200, omit ? withoutSource(answer, options.sourceBytes) : answer);
  };
  /**
   * `answer` with the stored source of `commitId` as its `source`: read whole and sent as one
   * JSON up to WHOLE_ANSWER_MAX_BYTES, else written into the answer as it is read from the store
   * (DESIGN 8), never held whole.
   */
  const sendWithSource = async <T extends { source: string }>(res: Response, answer: T, commitId: string, bytes: number) => {
    const key = actorOf(res).userId;
    if (bytes <= WHOLE_ANSWER_MAX_BYTES) {
      let source = '';
      for await (const text of storedSourceText(ctx, commitId, { key })) source += text;
      sendJson(res, 200, { ...answer, source });
      return;
    }
    ctx.responseBudget.hold(res, key, LIST_STREAM_BYTES);
    await streamJson(res, (signal) => jsonWithStreamedString(answer, 'source', storedSourceText(ctx, commitId, { signal, key })), {
      deadlineMs: ctx.config.responseWriteTimeoutMs,
    });
  };
  const sendList = (res: Response, page: OntologyPage, omitSource: boolean) => {
    const key = actorOf(res).userId;
    // What a stalled list can pin: its inline sources, one FETCH of a large one, socket buffers.
    ctx.responseBudget.hold(res, key, page.inlineSourceBytes + LIST_STREAM_BYTES);
    return streamEnvelope(
      res,
      page.pagination,
      (signal) => page.sources({ signal, key }),
      (item) => ontologyJsonPieces(item, ctx.config.baseUrl, omitSource),
      { deadlineMs: ctx.config.responseWriteTimeoutMs },
    );
  };
  /**
   * Runs `write` with the multipart parts and sends what it returns once the spooled source is
   * removed; the source's SHA-256 as received is answered in Repr-Digest (RFC 9530).
   */
  const multipartWrite = async (
    req: Request,
    res: Response,
    write: (upload: MultipartUpload, source: SourceFile | undefined) => Promise<() => void>,
    /** Refuses, from the body part, a caller who may not make this write: before the source is checked. */
    authorize?: (body: unknown) => Promise<void>,
  ) => {
    // When the body part names the format before the source arrives, the source is checked
    // while it arrives (DESIGN 8); otherwise after, from its spool.
    let early: UploadCheck | undefined;
    const whileArriving = (body: unknown, spool: GrowingFile) => {
      const format = namedSourceFormat(body);
      if (format === undefined) return undefined;
      early = checkWhileArriving(ctx, actorOf(res).userId, format, spool, uploadBound, authorize ? () => authorize(body) : undefined);
      return early.checked;
    };
    const send = await withMultipartUpload(req, res, { ...multipartOptions, whileArriving }, async (upload) => {
      refuseInlineSource(upload.body);
      const source = upload.source ? sourceFileOf(upload.source, early) : undefined;
      if (upload.source) res.setHeader('Repr-Digest', `sha-256=:${Buffer.from(upload.source.sha256, 'hex').toString('base64')}:`);
      return write(upload, source);
    });
    send();
  };

  router.get('/ontologies', async (req, res) => {
    const query = parseQuery(ListOntologiesQuery, req);
    await sendList(res, await listVisibleOntologies(ctx, actorOf(res), query), query.omit_source);
  });

  router.post('/ontologies', async (req, res) => {
    const { omit_source } = parseQuery(OntologyWriteQuery, req);
    const created201 = (created: OntologyDetail, sourceBytes?: number) => {
      res.setHeader('Location', `${ctx.config.baseUrl}/api/v1/ontologies/${created.id}`);
      sendOntology(res, created, { status: 201, omitSource: omit_source, ...(sourceBytes === undefined ? {} : { sourceBytes }) });
    };
    if (isMultipart(req)) {
      await multipartWrite(req, res, async (upload, source) => {
        const input = parseBody(CreateOntologyMultipartBody, upload.body, ['ontology']);
        if (source === undefined || !upload.source) throw AppError.validation({ source: ["can't be blank: send the source as the \"source\" file part"] });
        const created = await createOntology(ctx, actorOf(res), { ...input.ontology, source, commit_message: input.change_summary });
        const bytes = upload.source.bytes;
        return () => created201(created, bytes);
      }, (body) => checkMayCreate(ctx, actorOf(res), namedPlace(body)));
      return;
    }
    const input = parseBody(CreateOntologyRequest, req.body, ['ontology']);
    created201(await createOntology(ctx, actorOf(res), { ...input.ontology, commit_message: input.change_summary }));
  });

  router.get('/ontologies/:id', async (req, res) => {
    const id = idParam(req.params.id);
    const query = parseQuery(OntologyReadQuery, req);
    const pinned = pinnedRef(query);
    if (pinned) {
      // As it was at one commit (issue 10): that commit's source, format, version and metrics.
      const { ontology, commit } = await readOntologyAtMeta(ctx, actorOf(res), { id, ref: pinned });
      res.setHeader('ETag', `"${commit.commitHash}"`);
      const answer: OntologyResponse = presentOntologyAt({ ...ontology, commits: [] }, { ...commit, source: '' }, ctx.config.baseUrl);
      const bytes = await storedSourceBytes(ctx, commit.id);
      if (query.omit_source) sendJson(res, 200, withoutSource(answer, bytes));
      else await sendWithSource(res, answer, commit.id, bytes);
      return;
    }
    // The size kept with the stored source: not a byte of the source is read for it (DESIGN 8).
    const { sourceBytes, headCommitId, memberAccountName: _member, ...row } = await readOntologySummary(ctx, actorOf(res), { id });
    if (query.omit_source) {
      sendOntology(res, { ...row, commits: [{ source: '' }] }, { sourceBytes });
      return;
    }
    // The source of the head the summary named, from the store (whole up to WHOLE_ANSWER_MAX_BYTES, else streamed).
    res.setHeader('ETag', `"${row.headHash}"`);
    await sendWithSource(res, presentOntologyDetail({ ...row, commits: [{ source: '' }] }, ctx.config.baseUrl), headCommitId, sourceBytes);
  });

  router.patch('/ontologies/:id', async (req, res) => {
    const id = idParam(req.params.id);
    const { omit_source } = parseQuery(OntologyWriteQuery, req);
    if (isMultipart(req)) {
      // Who may change it is known before the body is read: a refused caller's upload is never read or checked.
      await checkMayUpdate(ctx, actorOf(res), id).catch((error: unknown) => {
        res.setHeader('Connection', 'close'); // the unread body is not drained
        throw error;
      });
      await multipartWrite(req, res, async (upload, source) => {
        const input = parseBody(UpdateOntologyMultipartBody, upload.body, ['ontology']);
        const updated = await updateOntology(ctx, actorOf(res), id, {
          changes: { ...input.ontology, ...(source === undefined ? {} : { source }) },
          versionBump: input.version_bump,
          message: input.change_summary,
          ifMatch: ifMatchOf(req),
        });
        const sent = upload.source ? { sourceBytes: upload.source.bytes } : { omitSource: true };
        return () => sendOntology(res, updated, sent);
      });
      return;
    }
    const input = parseBody(UpdateOntologyRequest, req.body, ['ontology']);
    const updated = await updateOntology(ctx, actorOf(res), id, {
      changes: input.ontology,
      versionBump: input.version_bump,
      message: input.change_summary,
      ifMatch: ifMatchOf(req),
    });
    sendOntology(res, updated, { omitSource: omit_source });
  });

  router.delete('/ontologies/:id', async (req, res) => {
    await deleteOntology(ctx, actorOf(res), idParam(req.params.id), ifMatchOf(req));
    res.status(204).end();
  });

  router.get('/ontologies/:id/children', async (req, res) => {
    const parentId = idParam(req.params.id);
    const query = parseQuery(ChildrenQuery, req);
    await sendList(res, await listChildren(ctx, actorOf(res), { parentId, ...query }), query.omit_source);
  });

  router.get('/ontologies/:id/commits', async (req, res) => {
    const ontologyId = idParam(req.params.id);
    const query = parseQuery(CommitsQuery, req);
    const { total, rows } = await listOntologyCommits(ctx, actorOf(res), { ontologyId, ...pageWindow(query), version: query.version });
    res.json({ pagination: pageInfo(query.page, query.per_page, total), data: rows.map(presentCommitSummary) });
  });

  router.get('/ontologies/:id/commits/:commitId', async (req, res) => {
    const ontologyId = idParam(req.params.id);
    const commit = await readCommitMeta(ctx, actorOf(res), { ontologyId, commitId: idParam(req.params.commitId) });
    await sendWithSource(res, presentCommitDetail({ ...commit, source: '' }), commit.id, await storedSourceBytes(ctx, commit.id));
  });

  return router;
}
