// The web interface for people (DESIGN 9) as an express router for the one origin: `/`,
// `/search`, `/ontologies` and `/ontologies/:id[/terms|/history|/diff|/download]`, every page
// server-rendered over the use cases of @oms/ontology-service, behind the settings area's
// sign-in, with a strict Content-Security-Policy (no script at all) and the same not-found page
// for what the user may not see as for what does not exist.
import { constants } from 'node:buffer';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import express, { Router, type ErrorRequestHandler, type Request, type RequestHandler, type Response } from 'express';
import { canDrawDiagram, ERROR_TABLE, isAppError, isUuid } from '@oms/domain';
import type { DiagramDrawer } from '@oms/contracts';
import { CreateOntologyRequest, DOWNLOAD_FORMATS, ListOntologiesQuery, TermSearchQuery, UpdateOntologyRequest, UploadVersionForm } from '@oms/contracts';
import {
  createOntology,
  diffOntology,
  drawDiagram,
  downloadOntologySource,
  listOntologyCommits,
  listVisibleChildren,
  listOntologyTermsWindow,
  listVisibleOntologies,
  readAccount,
  readCommitChanges,
  readOntology,
  readOntologySummary,
  conversionMaxBytesOf,
  readTerm,
  searchTermsWindow,
  spooledSourceFile,
  termHistoryWindow,
  updateOntology,
  type ServiceContext,
} from '@oms/ontology-service';
import { PAGE_CSP, sameToken, setPageHeaders, STYLESHEET, STYLESHEET_PATH, type Logger, type WebSessionStore } from '@oms/platform';
import { signedIn, type SignedIn } from './signed-in.js';
import { notFoundPage, ontologyPath, problemPage } from './pages/frame.js';
import { ontologyListPage, type ListedOntology } from './pages/ontology-list.js';
import { ontologyPage, type DiagramView, type TreeLevel } from './pages/ontology-page.js';
import { termPage, type TermView } from './pages/term-page.js';
import { historyPage, type HistoryCommit } from './pages/history-page.js';
import { homePage, searchPage } from './pages/search-pages.js';
import { diffPage } from './pages/diff-page.js';
import { editPage, type EditValues } from './pages/edit-page.js';
import { createPage, type CreateValues } from './pages/create-page.js';
import { uploadPage, type UploadValues } from './pages/upload-page.js';
import { UPLOAD_SCRIPT, UPLOAD_SCRIPT_PATH } from './upload-progress-script.js';
import { isMultipartForm, UploadRefused, withUploadForm, type UploadLimits } from './upload-form.js';

export type WebRouterOptions = {
  ctx: ServiceContext;
  sessions: WebSessionStore;
  /** Behind https: the session cookie carries the __Host- prefix (as the settings area sets it). */
  secureCookies: boolean;
  logger: Logger;
  /** Where the upload form spools a source, and the largest taken (SOURCE_MAX_BYTES). */
  upload: UploadLimits;
  /** Where ORM diagrams are drawn (the render queue); without it the page shows none. */
  draw?: DiagramDrawer;
};

/** The largest ORM source drawn inline on the ontology page (larger models: the REST diagram). */
const INLINE_DIAGRAM_SOURCE_BYTES = 4 * 1024 * 1024;
/** The largest drawn SVG put inline in a page. */
const INLINE_DIAGRAM_SVG_CHARS = 3 * 1024 * 1024;
const CHILDREN_SHOWN = 20;
const TREE_LEVELS_KEPT = 64;

/** The last `size` results by key (a promise, so concurrent views share one read); failures are not kept. */
function recentResults<T>(size: number) {
  const kept = new Map<string, Promise<T>>();
  return {
    get(key: string, read: () => Promise<T>): Promise<T> {
      const hit = kept.get(key);
      if (hit) {
        kept.delete(key);
        kept.set(key, hit);
        return hit;
      }
      const result = read();
      kept.set(key, result);
      result.catch(() => kept.delete(key));
      while (kept.size > size) kept.delete(kept.keys().next().value as string);
      return result;
    },
  };
}

const TREE_PAGE = 50;
const LIST_PAGE = 20;
const HISTORY_PAGE = 10;
const NOTE_CHANGES = 8;

/** A query parameter given once as a string, else undefined (a repeated one is not guessed at). */
const param = (req: Request, name: string): string | undefined => {
  const value = req.query[name];
  return typeof value === 'string' ? value : undefined;
};
const pageParam = (req: Request) => {
  const page = Number(param(req, 'page') ?? '1');
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
};
/** Ontology ids are UUIDs: anything else names nothing (the same page as a hidden one). */
const ontologyId = (req: Request) => {
  const id = String(req.params['id'] ?? '').toLowerCase();
  return isUuid(id) ? id : undefined;
};

const listed = (row: { id: string; title: string; description: string; visibility: string; sourceFormat: string; version: string; updatedAt: Date }): ListedOntology => ({
  id: row.id,
  title: row.title,
  description: row.description,
  visibility: row.visibility,
  sourceFormat: row.sourceFormat,
  version: row.version,
  updatedAt: row.updatedAt,
});

function send(res: Response, html: string, status = 200): void {
  res.status(status).type('html').send(html);
}

export function createWebRouter(options: WebRouterOptions): Router {
  const { ctx, sessions, secureCookies } = options;
  const router = Router();
  const page = (handler: (req: Request, res: Response, user: SignedIn) => Promise<void>) => signedIn(sessions, secureCookies, handler);

  // The one stylesheet (the settings pages' own), for when this router runs without the auth server.
  router.get(STYLESHEET_PATH, (_req, res) => {
    res.type('text/css').setHeader('Cache-Control', 'public, max-age=3600');
    res.send(STYLESHEET);
  });

  // The upload page's script, before `/ontologies/:id` takes the path (the same file for everyone).
  router.get(UPLOAD_SCRIPT_PATH, (_req, res) => {
    res.type('text/javascript').setHeader('Cache-Control', 'public, max-age=3600');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.send(UPLOAD_SCRIPT);
  });

  router.use(['/ontologies', '/search'], (_req, res, next) => {
    setPageHeaders(res);
    next();
  });
  router.use((req, res, next) => {
    if (req.path === '/') setPageHeaders(res);
    next();
  });

  router.get(
    '/',
    page(async (_req, res, { who }) => {
      const recent = await listVisibleOntologies(ctx, who, { filter: 'all', page: 1, per_page: 10 });
      send(res, homePage({ recent: recent.rows.map(listed), total: recent.pagination.total }));
    }),
  );

  router.get(
    '/search',
    page(async (req, res, { who }) => {
      const q = (param(req, 'q') ?? '').trim().slice(0, 500);
      const current = pageParam(req);
      if (!q) return send(res, searchPage({ q: '', ontologies: [], ontologyTotal: 0, terms: [], termTotal: 0, page: 1, perPage: LIST_PAGE }));
      const parsed = TermSearchQuery.safeParse({ q, page: String(current), per_page: String(LIST_PAGE) });
      if (!parsed.success) {
        return send(res, searchPage({ q, ontologies: [], ontologyTotal: 0, terms: [], termTotal: 0, page: 1, perPage: LIST_PAGE, problem: 'That search cannot be run; try other words.' }), 400);
      }
      const { page: _page, per_page: _perPage, ...filters } = parsed.data;
      const [ontologies, terms] = await Promise.all([
        listVisibleOntologies(ctx, who, { filter: 'all', title: q.slice(0, 200), page: 1, per_page: 5 }),
        searchTermsWindow(ctx, who, filters, { skip: (current - 1) * LIST_PAGE, take: LIST_PAGE }),
      ]);
      send(res, searchPage({ q, ontologies: ontologies.rows.map(listed), ontologyTotal: ontologies.pagination.total, terms: terms.data, termTotal: terms.total, page: current, perPage: LIST_PAGE }));
    }),
  );

  router.get(
    '/ontologies',
    page(async (req, res, { who }) => {
      const parsed = ListOntologiesQuery.safeParse({
        filter: param(req, 'filter') || undefined,
        title: param(req, 'title') || undefined,
        source_format: param(req, 'source_format') || undefined,
        page: String(pageParam(req)),
        per_page: String(LIST_PAGE),
      });
      if (!parsed.success) return send(res, problemPage('Ontologies', 'Those filters are not valid; choose from the lists.'), 400);
      const query = parsed.data;
      const found = await listVisibleOntologies(ctx, who, query);
      send(
        res,
        ontologyListPage({
          rows: found.rows.map(listed),
          filters: { filter: query.filter, title: query.title, source_format: query.source_format },
          page: query.page,
          total: found.pagination.total,
          perPage: LIST_PAGE,
        }),
      );
    }),
  );

  // Forms post urlencoded bodies back to their page with the session's CSRF token.
  const form = express.urlencoded({ extended: false, limit: '64kb', parameterLimit: 10 });
  const sourceForm = express.urlencoded({ extended: false, limit: '2mb', parameterLimit: 10 });
  const field = (req: Request, name: string) => {
    const value = (req.body as Record<string, unknown> | undefined)?.[name];
    return typeof value === 'string' ? value : '';
  };
  /** Reads the form body only once the session is known: a stranger's body is never read. */
  const readForm = (parser: RequestHandler, req: Request, res: Response) =>
    new Promise<void>((resolve, reject) => parser(req, res, (error?: unknown) => (error ? reject(error) : resolve())));
  const csrfRefused = (res: Response) => send(res, problemPage('Not saved', 'The form was not sent from this site (CSRF check failed). Open the page again and retry.'), 403);
  const fieldErrors = (issues: { path: PropertyKey[]; message: string }[]) => {
    const errors: Record<string, string[]> = {};
    for (const issue of issues) (errors[String(issue.path.at(-1))] ??= []).push(issue.message);
    return errors;
  };

  const EMPTY: CreateValues = { title: '', description: '', visibility: 'private', source_format: 'turtle', source: '' };
  router.get(
    '/ontologies/new',
    page(async (_req, res, { session }) => send(res, createPage({ csrf: session.csrfToken, values: EMPTY }))),
  );
  router.post(
    '/ontologies/new',
    page(async (req, res, { who, session }) => {
      await readForm(sourceForm, req, res);
      if (!sameToken(session.csrfToken, field(req, 'csrf'))) return csrfRefused(res);
      const values: CreateValues = {
        title: field(req, 'title'),
        description: field(req, 'description').replace(/\r\n/g, '\n'),
        visibility: field(req, 'visibility'),
        source_format: field(req, 'source_format'),
        source: field(req, 'source').replace(/\r\n/g, '\n'),
      };
      const parsed = CreateOntologyRequest.safeParse({ ontology: values });
      if (!parsed.success) return send(res, createPage({ csrf: session.csrfToken, values, errors: fieldErrors(parsed.error.issues) }), 422);
      try {
        const created = await createOntology(ctx, who, parsed.data.ontology);
        res.redirect(303, ontologyPath(created.id));
      } catch (error) {
        // The source failed its format check (or another field was refused): the form again, with why.
        if (isAppError(error) && error.fieldErrors) return send(res, createPage({ csrf: session.csrfToken, values, errors: error.fieldErrors }), 422);
        throw error;
      }
    }),
  );

  // A level of a head's term tree never changes while that head and its terms status stand (the
  // key holds both, and the visibility check above runs first): the roots of a large ontology
  // are a scan of its terms, done once per head here instead of on every view.
  const treeLevels = recentResults<Awaited<ReturnType<typeof listOntologyTermsWindow>>>(TREE_LEVELS_KEPT);

  /** The ORM diagram for the page, or why there is none; a render that fails does not fail the page. */
  const diagramOf = async (who: SignedIn['who'], o: { id: string; sourceFormat: string; sourceBytes: number }): Promise<DiagramView> => {
    if (!canDrawDiagram(o.sourceFormat)) return null;
    if (!options.draw) return { problem: 'Diagrams are not drawn by this server.' };
    if (o.sourceBytes > INLINE_DIAGRAM_SOURCE_BYTES) return { problem: 'This model is too large to draw on the page.' };
    try {
      const drawn = await drawDiagram(ctx, who, { ontologyId: o.id, output: 'svg', draw: options.draw });
      if (drawn.svg.length > INLINE_DIAGRAM_SVG_CHARS) return { problem: 'The diagram is too large to show on the page.' };
      return { svg: drawn.svg };
    } catch (error) {
      if (isAppError(error) && error.code === 'not_found') throw error;
      options.logger.warn({ err: error, ontologyId: o.id }, 'web diagram not drawn');
      return { problem: isAppError(error) && error.code === 'validation_failed' ? 'This model has no diagram that can be drawn.' : 'The diagram could not be drawn right now; reload the page to retry.' };
    }
  };

  router.get(
    '/ontologies/:id',
    page(async (req, res, { who }) => {
      const id = ontologyId(req);
      if (!id) return notFound(res);
      // Metadata, metrics and the stored size only: the source is never read for this page.
      const ontology = await readOntologySummary(ctx, who, { id });
      const parentIri = param(req, 'parent')?.slice(0, 2000) || undefined;
      const current = pageParam(req);
      const [terms, parent, children, diagram] = await Promise.all([
        treeLevels.get(`${id} ${ontology.headHash} ${ontology.termsStatus} ${current} ${parentIri ?? ''}`, () =>
          listOntologyTermsWindow(ctx, who, { ontologyId: id, parent: parentIri, include_deprecated: true, kind: undefined }, { skip: (current - 1) * TREE_PAGE, take: TREE_PAGE }),
        ),
        parentIri ? readTerm(ctx, who, { ontologyId: id, iri: parentIri }).catch(() => null) : Promise.resolve(null),
        // Only the children this user may see (SPEC 7).
        listVisibleChildren(ctx, who, { parentId: id, take: CHILDREN_SHOWN }),
        diagramOf(who, ontology),
      ]);
      const level: TreeLevel = {
        parent: parentIri ? { iri: parent?.iri ?? parentIri, label: parent?.label ?? null, curie: parent?.curie ?? null } : null,
        terms: terms.data,
        total: terms.total,
        page: current,
        perPage: TREE_PAGE,
      };
      send(
        res,
        ontologyPage(
          {
            id: ontology.id,
            title: ontology.title,
            description: ontology.description,
            accountId: ontology.accountId,
            accountName: ontology.memberAccountName,
            parentId: ontology.parentId,
            visibility: ontology.visibility,
            sourceFormat: ontology.sourceFormat,
            version: ontology.version,
            headHash: ontology.headHash,
            createdAt: ontology.createdAt,
            updatedAt: ontology.updatedAt,
            metrics: ontology.headMetrics,
            sourceBytes: ontology.sourceBytes,
            conversionMaxBytes: conversionMaxBytesOf(ctx.config),
          },
          level,
          children,
          diagram,
        ),
      );
    }),
  );

  router.get(
    '/ontologies/:id/terms',
    page(async (req, res, { who }) => {
      const id = ontologyId(req);
      const iri = param(req, 'iri')?.slice(0, 2000);
      if (!id || !iri) return notFound(res);
      const current = pageParam(req);
      // The three reads at once (each takes an IRI or a CURIE).
      const [term, children, history] = await Promise.all([
        readTerm(ctx, who, { ontologyId: id, iri }),
        listOntologyTermsWindow(ctx, who, { ontologyId: id, parent: iri, include_deprecated: true, kind: undefined }, { skip: (current - 1) * TREE_PAGE, take: TREE_PAGE }),
        termHistoryWindow(ctx, who, { ontologyId: id, iri }, { skip: 0, take: 20 }).catch(() => ({ total: 0, data: [] })),
      ]);
      send(
        res,
        termPage(term as TermView, { terms: children.data, total: children.total, page: current, perPage: TREE_PAGE }, history.data),
      );
    }),
  );

  router.get(
    '/ontologies/:id/history',
    page(async (req, res, { who }) => {
      const id = ontologyId(req);
      if (!id) return notFound(res);
      const current = pageParam(req);
      const ontology = await readOntology(ctx, who, { id });
      const { total, rows } = await listOntologyCommits(ctx, who, { ontologyId: id, skip: (current - 1) * HISTORY_PAGE, take: HISTORY_PAGE });
      const commits: HistoryCommit[] = await Promise.all(
        rows.map(async (row) => ({
          id: row.id,
          version: row.version,
          message: row.message,
          commitHash: row.commitHash,
          createdAt: row.createdAt,
          changes: await readCommitChanges(ctx, who, { ontologyId: id, commitId: row.id, page: 1, per_page: NOTE_CHANGES }),
        })),
      );
      send(res, historyPage({ id, title: ontology.title, commits, total, page: current, perPage: HISTORY_PAGE }));
    }),
  );

  router.get(
    '/ontologies/:id/diff',
    page(async (req, res, { who }) => {
      const id = ontologyId(req);
      if (!id) return notFound(res);
      const ontology = await readOntology(ctx, who, { id });
      const { rows } = await listOntologyCommits(ctx, who, { ontologyId: id, skip: 0, take: 100 });
      const uuidOrUndefined = (value: string | undefined) => (value && isUuid(value) ? value.toLowerCase() : undefined);
      const from = uuidOrUndefined(param(req, 'from'));
      const to = uuidOrUndefined(param(req, 'to'));
      const diff = await diffOntology(ctx, who, { ontologyId: id, from, to, limit: 2000, textOnly: true });
      send(
        res,
        diffPage({
          id,
          title: ontology.title,
          choices: rows.map((row) => ({ id: row.id, version: row.version })),
          from: from ?? diff.from?.commit_id,
          to: to ?? diff.to.commit_id,
          diff: {
            from: diff.from,
            to: diff.to,
            unified: diff.kind === 'text' ? diff.changes.unified : '',
            truncated: diff.truncated,
            summary: diff.summary as unknown as Record<string, unknown>,
          },
        }),
      );
    }),
  );

  // The downloads the ontology page links to: the REST download with the browser's session.
  router.get(
    '/ontologies/:id/download',
    page(async (req, res, { who }) => {
      const id = ontologyId(req);
      if (!id) return notFound(res);
      const requested = param(req, 'format');
      const format = DOWNLOAD_FORMATS.find((candidate) => candidate === requested);
      if (requested !== undefined && !format) return send(res, problemPage('Download', 'Choose one of the formats the ontology page offers.'), 400);
      const { download } = await downloadOntologySource(ctx, who, { ontologyId: id, format, negotiate: (types) => types[0] ?? '' });
      res.setHeader('Content-Disposition', `attachment; filename="${download.fileName}"`);
      res.setHeader('Cache-Control', 'private, no-cache');
      res.type(`${download.mediaType}; charset=utf-8`);
      if (download.kind === 'converted') return void res.send(download.body);
      // The stored form streams from the store (DESIGN 8): never the whole source in memory.
      const abort = new AbortController();
      res.once('close', () => abort.abort());
      res.setHeader('Content-Length', String(download.bytes));
      try {
        await pipeline(Readable.from(download.chunks({ signal: abort.signal, key: who.userId })), res);
      } catch (error) {
        // Once bytes went out, a failure (or a client that left) can only cut the answer short.
        if (!res.headersSent) throw error;
        res.destroy();
      }
    }),
  );

  /** The ontology when the user may change it: hidden is 404 (thrown), seen but not a member is 403. */
  const editable = async (req: Request, res: Response, who: SignedIn['who']) => {
    const id = ontologyId(req);
    if (!id) return void notFound(res);
    const ontology = await readOntology(ctx, who, { id });
    const member = await readAccount(ctx, who, { accountId: ontology.accountId }).then(
      () => true,
      () => false,
    );
    if (!member) return void send(res, problemPage('Not allowed', 'Only members of the owning account can change this ontology.'), 403);
    return ontology;
  };
  router.get(
    '/ontologies/:id/edit',
    page(async (req, res, { who, session }) => {
      const ontology = await editable(req, res, who);
      if (!ontology) return;
      send(res, editPage({ id: ontology.id, csrf: session.csrfToken, values: { title: ontology.title, description: ontology.description, visibility: ontology.visibility } }));
    }),
  );
  router.post(
    '/ontologies/:id/edit',
    page(async (req, res, { who, session }) => {
      await readForm(form, req, res);
      if (!sameToken(session.csrfToken, field(req, 'csrf'))) return csrfRefused(res);
      const ontology = await editable(req, res, who);
      if (!ontology) return;
      const values: EditValues = { title: field(req, 'title'), description: field(req, 'description').replace(/\r\n/g, '\n'), visibility: field(req, 'visibility') };
      const parsed = UpdateOntologyRequest.safeParse({ ontology: values });
      if (!parsed.success) {
        return send(res, editPage({ id: ontology.id, csrf: session.csrfToken, values, errors: fieldErrors(parsed.error.issues) }), 422);
      }
      const { title, description, visibility } = parsed.data.ontology;
      await updateOntology(ctx, who, ontology.id, { changes: { title, description, visibility } });
      res.redirect(303, ontologyPath(ontology.id));
    }),
  );

  const uploadForm = (ontology: { id: string; title: string; version: string; sourceFormat: string }, csrf: string, values: UploadValues, errors?: Record<string, string[]>) =>
    uploadPage({ id: ontology.id, title: ontology.title, version: ontology.version, sourceFormat: ontology.sourceFormat, maxBytes: uploadMax, csrf, values, ...(errors ? { errors } : {}) });
  // The commit path holds a source as one string: no larger upload is taken (as in REST).
  const upload: UploadLimits = { ...options.upload, maxSourceBytes: Math.min(options.upload.maxSourceBytes, constants.MAX_STRING_LENGTH) };
  const uploadMax = upload.maxSourceBytes;
  const NO_UPLOAD_VALUES: UploadValues = { message: '', version_bump: 'patch', version: '' };
  router.get(
    '/ontologies/:id/upload',
    page(async (req, res, { who, session }) => {
      allowScript(res);
      const ontology = await editable(req, res, who);
      if (!ontology) return;
      send(res, uploadForm(ontology, session.csrfToken, NO_UPLOAD_VALUES));
    }),
  );
  router.post(
    '/ontologies/:id/upload',
    page(async (req, res, { who, session }) => {
      allowScript(res);
      // Who may upload is known before a byte of the body is read: a hidden ontology is the
      // not-found page, a non-member 403, and neither body is stored.
      const ontology = await editable(req, res, who);
      if (!ontology) return;
      if (!isMultipartForm(req)) return send(res, problemPage('Not saved', 'The upload form is sent as multipart/form-data.'), 400);
      const csrfOk = (token: string) => sameToken(session.csrfToken, token);
      await withUploadForm(req, res, upload, csrfOk, async ({ fields, source }) => {
        if (!csrfOk(fields.csrf ?? '')) return () => csrfRefused(res);
        const values: UploadValues = { message: (fields.message ?? '').trim(), version_bump: fields.version_bump ?? 'patch', version: (fields.version ?? '').trim() };
        const again = (errors: Record<string, string[]>) => () => send(res, uploadForm(ontology, session.csrfToken, values, errors), 422);
        const parsed = UploadVersionForm.safeParse({
          change_summary: values.message || undefined,
          version_bump: values.version ? undefined : values.version_bump,
          version: values.version || undefined,
        });
        if (!parsed.success) return again(fieldErrors(parsed.error.issues));
        if (!source) return again({ source: ["can't be blank: choose a file"] });
        try {
          // The spooled file goes to the service as it is: a large Turtle or RDF/XML file is checked
          // and stored as a stream, as a REST multipart write is (DESIGN 8).
          await updateOntology(ctx, who, ontology.id, {
            changes: { source: spooledSourceFile(source) },
            versionBump: parsed.data.version_bump,
            version: parsed.data.version,
            message: parsed.data.change_summary,
          });
        } catch (error) {
          // The source failed its format check, or the version is not greater: the form again, with why.
          if (isAppError(error) && error.fieldErrors) return again(error.fieldErrors);
          throw error;
        }
        return () => res.redirect(303, `${ontologyPath(ontology.id)}/history`);
      }).catch((error: unknown) => {
        if (!(error instanceof UploadRefused)) throw error;
        if (error.status === 403) return csrfRefused(res);
        send(res, problemPage(error.status === 413 ? 'Too large' : 'Not saved', error.message), error.status);
      });
    }),
  );

  // Any other path under /ontologies is the not-found page too.
  router.use('/ontologies', page(async (_req, res) => notFound(res)));

  const pageErrors: ErrorRequestHandler = (error, req, res, next) => {
    if (res.headersSent || !isWebPath(req.path)) return next(error);
    if (isAppError(error) && error.code === 'not_found') return notFound(res);
    if (isAppError(error) && ERROR_TABLE[error.code].http < 500) {
      return send(res, problemPage('That did not work', error.message), ERROR_TABLE[error.code].http);
    }
    // The form parser's refusals (a body over its limit, a malformed one) carry their own 4xx.
    const status = (error as { status?: unknown } | null)?.status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return send(res, problemPage('That did not work', status === 413 ? 'The form is too large; large sources go through the REST API.' : 'The form could not be read.'), status);
    }
    options.logger.error({ err: error }, 'web page failed');
    send(res, problemPage('Something went wrong', 'The page could not be built; try again in a moment.'), isAppError(error) ? ERROR_TABLE[error.code].http : 500);
  };
  router.use(pageErrors);
  return router;
}

/** The upload pages load their one script from this origin and send the form with XMLHttpRequest. */
function allowScript(res: Response): void {
  res.setHeader('Content-Security-Policy', `${PAGE_CSP}; script-src 'self'; connect-src 'self'`);
}

function notFound(res: Response): void {
  send(res, notFoundPage(), 404);
}

function isWebPath(path: string): boolean {
  return path === '/' || path === '/search' || path === '/ontologies' || path.startsWith('/ontologies/');
}
