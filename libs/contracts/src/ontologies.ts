// Wire schemas of ontologies and commits (SPEC 2.1, 2.2, 4.1; DESIGN 4 limits).
import { z } from 'zod';
import { SOURCE_FORMATS } from '@oms/formats';
import { DESCRIPTION_MAX, LIST_FILTERS, MESSAGE_MAX, SOURCE_MAX_BYTES, TITLE_MAX, isSemver } from '@oms/domain';
import { CommitMetrics } from './metrics.js';
import { PaginationQuery, paginated } from './pagination.js';
import { commitRef, uuid } from './ids.js';
import { requiredText, text } from './text.js';

export const VISIBILITY_VALUES = ['public', 'private'] as const;
export const VERSION_BUMPS = ['patch', 'minor', 'major'] as const;

/** Sources are kept byte for byte: never trimmed; only NUL and broken Unicode are refused. */
export const sourceText = text({ max: Number.MAX_SAFE_INTEGER, trim: false }).refine(
  (value) => value.length <= SOURCE_MAX_BYTES && Buffer.byteLength(value, 'utf8') <= SOURCE_MAX_BYTES,
  { message: `is too large (maximum is ${SOURCE_MAX_BYTES / 1024 / 1024} MB)` },
);

export const versionText = z.string().max(32).refine(isSemver, { message: 'must be a semantic version MAJOR.MINOR.PATCH, e.g. 1.0.0' });
export const sourceFormat = z.enum(SOURCE_FORMATS);
const titleText = requiredText(TITLE_MAX);
const descriptionText = text({ max: DESCRIPTION_MAX, trim: false });
const messageText = text({ max: MESSAGE_MAX, min: 1 });

export const CreateOntologyRequest = z.strictObject({
  ontology: z.strictObject({
    title: titleText,
    description: descriptionText.optional(),
    visibility: z.enum(VISIBILITY_VALUES).optional(),
    source: sourceText,
    source_format: sourceFormat,
    parent_id: uuid.nullable().optional(),
    version: versionText.optional(),
    account_id: uuid.optional(),
  }),
  change_summary: messageText.optional(),
});
export type CreateOntologyRequest = z.infer<typeof CreateOntologyRequest>;

export const UpdateOntologyRequest = z.strictObject({
  ontology: z.strictObject({
    title: titleText.optional(),
    description: descriptionText.optional(),
    visibility: z.enum(VISIBILITY_VALUES).optional(),
    source: sourceText.optional(),
    source_format: sourceFormat.optional(),
    parent_id: uuid.nullable().optional(),
  }),
  version_bump: z.enum(VERSION_BUMPS).optional(),
  change_summary: messageText.optional(),
});
export type UpdateOntologyRequest = z.infer<typeof UpdateOntologyRequest>;

/** The web upload form's text fields (DESIGN 9): the source is the file part; a bump or an explicit version. */
export const UploadVersionForm = z.strictObject({
  change_summary: messageText.optional(),
  version_bump: z.enum(VERSION_BUMPS).optional(),
  version: versionText.optional(),
});
export type UploadVersionForm = z.infer<typeof UploadVersionForm>;

/** `omit_source=true`: the answer leaves `source` out and gives `source_bytes` (DESIGN 8). */
export const omitSourceFlag = z
  .enum(['true', 'false'])
  .optional()
  .transform((value) => value === 'true')
  .describe('true: leave `source` out of the answer and give `source_bytes` (its UTF-8 byte length) instead');

/** The query of POST /ontologies and PATCH /ontologies/:id. */
export const OntologyWriteQuery = z.object({ omit_source: omitSourceFlag });

/**
 * The `body` part of a multipart create or update (DESIGN 8): the JSON body without
 * `ontology.source`, which comes as the file part `source`.
 */
export const CreateOntologyMultipartBody = CreateOntologyRequest.extend({ ontology: CreateOntologyRequest.shape.ontology.omit({ source: true }) });
export type CreateOntologyMultipartBody = z.infer<typeof CreateOntologyMultipartBody>;
export const UpdateOntologyMultipartBody = UpdateOntologyRequest.extend({
  ontology: UpdateOntologyRequest.shape.ontology.omit({ source: true }).optional().describe('May be left out when only the source changes'),
});
export type UpdateOntologyMultipartBody = z.infer<typeof UpdateOntologyMultipartBody>;

/** A source uploaded as a multipart file part: the same rules as `sourceText`, bounded by SOURCE_MAX_BYTES instead of the JSON limit. */
export const uploadedSourceText = text({ max: Number.MAX_SAFE_INTEGER, trim: false });

/** OpenAPI shape of a multipart write (the parts as they travel). */
export const multipartWrite = (body: z.ZodType, sourceRequired: boolean) =>
  z.object({
    body: body.describe('The JSON body of the request, without ontology.source'),
    source: (sourceRequired ? z.string() : z.string().optional()).meta({ format: 'binary' }).describe('The source bytes (a file part), up to SOURCE_MAX_BYTES'),
  });

export const ListOntologiesQuery = PaginationQuery.extend({
  filter: z.enum(LIST_FILTERS).optional().default('all'),
  source_format: sourceFormat.optional(),
  parent_id: uuid.optional(),
  title: text({ max: TITLE_MAX, trim: false }).optional(),
  omit_source: omitSourceFlag,
});
export type ListOntologiesQuery = z.output<typeof ListOntologiesQuery>;

export const ChildrenQuery = PaginationQuery.extend({ source_format: sourceFormat.optional(), omit_source: omitSourceFlag });
export const CommitsQuery = PaginationQuery.extend({ version: versionText.optional().describe('Only the commit(s) that recorded this version') });

/** GET /ontologies/:id pinned to a commit: by id or by version (not both). */
export const OntologyReadQuery = z.object({
  version: versionText.optional().describe('Answer the ontology as it was at the commit of this version'),
  commit_id: uuid.optional().describe('Answer the ontology as it was at this commit'),
  omit_source: omitSourceFlag,
});

export const DOWNLOAD_FORMATS = ['turtle', 'rdfxml', 'jsonld', 'ntriples'] as const;
export const SourceQuery = z.object({
  version: versionText.optional().describe('The source of the commit that recorded this version'),
  commit_id: commitRef.optional().describe('The source of this commit (a commit id or a version); default the head'),
  format: z
    .enum(DOWNLOAD_FORMATS)
    .optional()
    .describe('Convert an RDF source (turtle, rdf, owl as RDF/XML, JSON-LD) to this serialization; the Accept header works too'),
});

const timestamp = z.iso.datetime({ precision: 3 });

export const OntologyResponse = z
  .object({
    id: z.uuid(),
    account_id: z.uuid(),
    parent_id: z.uuid().nullable(),
    title: z.string(),
    description: z.string(),
    visibility: z.enum(VISIBILITY_VALUES),
    source: z.string(),
    source_format: sourceFormat,
    version: z.string(),
    head_hash: z.string().regex(/^sha256:[0-9a-f]{64}$/),
    created_at: timestamp,
    updated_at: timestamp,
    url: z.url(),
    at_commit: z.uuid().optional().describe('Present on reads pinned with ?version or ?commit_id: the commit answered'),
    metrics: CommitMetrics.nullable().optional().describe('Single-ontology answers only: metrics of the head (or pinned) commit'),
    terms_status: z
      .enum(['ready', 'indexing', 'failed'])
      .optional()
      .describe('Single-ontology answers only: whether the terms of the head (or pinned) version are searchable (ready), being indexed in the background (sources over the synchronous limit), or could not be indexed (failed)'),
  })
  .meta({ id: 'Ontology' });
export type OntologyResponse = z.infer<typeof OntologyResponse>;

/** An ontology answered with omit_source=true, or by a multipart write (DESIGN 8): `source_bytes` where `source` stood. */
export const OntologyWithoutSourceResponse = OntologyResponse.omit({ source: true })
  .extend({ source_bytes: z.number().int().nonnegative().describe('UTF-8 byte length of the source (GET .../source streams it)') })
  .meta({ id: 'OntologyWithoutSource' });
export type OntologyWithoutSourceResponse = z.infer<typeof OntologyWithoutSourceResponse>;

/** What the ontology routes answer: with the source, or without it (omit_source, multipart). */
export const OntologyAnswer = z.union([OntologyResponse, OntologyWithoutSourceResponse]);

export const CommitSummaryResponse = z
  .object({
    id: z.uuid(),
    ontology_id: z.uuid(),
    commit_hash: z.string().regex(/^sha256:[0-9a-f]{64}$/),
    parent_hash: z.string().nullable(),
    message: z.string(),
    source_format: sourceFormat,
    status: z.enum(['applied', 'superseded']),
    version: z.string(),
    author_id: z.uuid(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'CommitSummary' });
export type CommitSummaryResponse = z.infer<typeof CommitSummaryResponse>;

export const CommitResponse = CommitSummaryResponse.extend({
  source: z.string(),
  metrics: CommitMetrics.nullable().optional().describe('null for commits made before metrics existed'),
}).meta({ id: 'Commit' });
export type CommitResponse = z.infer<typeof CommitResponse>;

export const OntologyListResponse = paginated(OntologyResponse);
export const OntologyListAnswer = paginated(OntologyAnswer);
export const CommitListResponse = paginated(CommitSummaryResponse);
