// Terms over REST (DESIGN 6.2, issue 19): search across ontologies, one version's terms, one
// term, a term's history and a commit's changes. Queries and answers.
import { z } from 'zod';
import { isUuid } from '@oms/domain';
import { TERM_CHANGE_FIELDS, TERM_KINDS, type TermKind } from '@oms/ontology-tools';
import { commitRef } from './diffs.js';
import { PaginationMeta, PaginationQuery, paginated } from './pagination.js';

export const TERM_MATCHES = ['id', 'label', 'synonym', 'label_prefix', 'synonym_prefix', 'words', 'definition'] as const;
export type TermMatch = (typeof TERM_MATCHES)[number];
export const TERM_SEARCH_ONTOLOGIES_MAX = 50;
export const TERM_QUERY_MAX = 200;

const list = (text: string) => text.split(',').map((part) => part.trim()).filter((part) => part.length > 0);
const KINDS = new Set<string>(TERM_KINDS);

const kindParam = z
  .string()
  .optional()
  .transform((value) => (value === undefined ? undefined : list(value)))
  .refine((kinds) => kinds === undefined || kinds.every((kind) => KINDS.has(kind)), { message: `must be kinds among ${TERM_KINDS.join(', ')}` })
  .transform((kinds) => kinds as TermKind[] | undefined)
  .describe('Comma-separated term kinds');

const flag = (description: string) =>
  z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true')
    .describe(description);

const searchText = z
  .string()
  .transform((value) => value.trim())
  .pipe(z.string().min(1, { message: "can't be blank" }).max(TERM_QUERY_MAX, { message: `is too long (at most ${TERM_QUERY_MAX} characters)` }));

export const TermSearchQuery = PaginationQuery.extend({
  q: searchText.describe('What to find: an IRI, CURIE, local name, label, synonym, their start, words, or words of a definition'),
  ontology_id: z
    .string()
    .optional()
    .transform((value) => (value === undefined ? undefined : list(value).map((id) => id.toLowerCase())))
    .refine((ids) => ids === undefined || ids.length <= TERM_SEARCH_ONTOLOGIES_MAX, { message: `names at most ${TERM_SEARCH_ONTOLOGIES_MAX} ontologies` })
    .refine((ids) => ids === undefined || ids.every(isUuid), { message: 'must be comma-separated ontology ids' })
    .describe('Comma-separated ontology ids to search in (at most 50)'),
  kind: kindParam,
  include_deprecated: flag('Include deprecated terms (default false)'),
  exact: flag('Keep only id, label and synonym matches (default false)'),
});
export type TermSearchQuery = z.output<typeof TermSearchQuery>;

export const OntologyTermsQuery = PaginationQuery.extend({
  parent: z.string().min(1).max(2000).optional().describe('IRI or CURIE: its direct children'),
  q: searchText.optional().describe('Search inside this version, ranked as GET /terms ranks'),
  kind: kindParam,
  include_deprecated: flag('Include deprecated terms (default false)'),
  commit_id: commitRef.optional().describe('Commit id or version; default the head'),
});
export type OntologyTermsQuery = z.output<typeof OntologyTermsQuery>;

export const TermQuery = z.object({
  iri: z.string().min(1, { message: "can't be blank" }).max(2000).describe('IRI or CURIE of the term'),
  commit_id: commitRef.optional().describe('Commit id or version; default the head'),
});
export type TermQuery = z.output<typeof TermQuery>;

export const TermHistoryQuery = PaginationQuery.extend({ iri: TermQuery.shape.iri });
export type TermHistoryQuery = z.output<typeof TermHistoryQuery>;

export const TermChangesQuery = PaginationQuery;

const kind = z.enum(TERM_KINDS);
/** What a term says of itself in one version: the fields every term shape starts with. */
const TermFacts = z.object({
  iri: z.string(),
  curie: z.string().nullable(),
  kind,
  label: z.string().nullable(),
  synonyms: z.array(z.string()),
  definition: z.string().nullable(),
  deprecated: z.boolean(),
});
const TermHitFields = TermFacts.extend({
  ontology_id: z.string(),
  ontology_title: z.string(),
  version: z.string(),
  commit_id: z.string(),
  url: z.string(),
});
export const TermHit = TermHitFields.extend({ match: z.enum(TERM_MATCHES) }).meta({ id: 'TermHit' });
export const TermSearchResponse = paginated(TermHit);
export const VersionTerm = TermHitFields.extend({ match: z.enum(TERM_MATCHES).optional(), children_count: z.number().int() }).meta({ id: 'VersionTerm' });
export const OntologyTermsResponse = paginated(VersionTerm);

const TermRef = z.object({ iri: z.string(), curie: z.string().nullable(), label: z.string().nullable() }).meta({ id: 'TermRef' });
const TermAnnotation = z.object({ property: z.string(), value: z.string(), language: z.string().optional(), datatype: z.string().optional() });
export const TermResponse = TermHitFields.extend({
  replaced_by: z.array(z.string()),
  parents: z.array(TermRef),
  ancestors: z.array(TermRef),
  children_count: z.number().int(),
  annotations: z.array(TermAnnotation),
}).meta({ id: 'Term' });

const TermSummary = TermFacts.extend({
  replaced_by: z.array(z.string()),
  parents: z.array(z.string()),
}).meta({ id: 'TermSummary' });
export const TermChangeItem = z
  .object({
    iri: z.string(),
    commit_id: z.string(),
    version: z.string(),
    created_at: z.iso.datetime(),
    change: z.enum(['added', 'changed', 'removed']),
    fields: z.array(z.enum(TERM_CHANGE_FIELDS)),
    before: TermSummary.nullable(),
    after: TermSummary.nullable(),
  })
  .meta({ id: 'TermChange' });
export const TermHistoryResponse = paginated(TermChangeItem);
export const TermChangeSummary = z.object({ added: z.number().int(), changed: z.number().int(), removed: z.number().int(), deprecated: z.number().int() });
export const CommitChangesResponse = z.object({ summary: TermChangeSummary, pagination: PaginationMeta, data: z.array(TermChangeItem) });
