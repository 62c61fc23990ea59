// GET /api/v1/ontologies/:id/diff (issue 10): query and answer.
import { z } from 'zod';
import { sourceFormat } from './ontologies.js';
import { wholeNumberParam } from './pagination.js';
import { commitRef, uuid } from './ids.js';

export { commitRef } from './ids.js';

export const DIFF_LIMIT_DEFAULT = 10_000;

export const DiffQuery = z.object({
  from: commitRef.optional().describe('Older commit (id or version); default: the parent of `to` (empty before the first commit)'),
  to: commitRef.optional().describe('Newer commit (id or version); default: the head'),
  limit: wholeNumberParam(1, 100_000, DIFF_LIMIT_DEFAULT).describe('Most changes listed (statements, operations); the summary counts all'),
});
export type DiffQuery = z.output<typeof DiffQuery>;

const hash = z.string().regex(/^sha256:[0-9a-f]{64}$/);
export const DiffEndpoint = z
  .object({ commit_id: uuid, version: z.string(), commit_hash: hash, source_format: sourceFormat })
  .meta({ id: 'DiffEndpoint' });

const counts = z.object({ added: z.number().int(), removed: z.number().int(), changed: z.number().int() });

export const WireTerm = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('iri'), value: z.string() }),
    z.object({ type: z.literal('blank'), value: z.string().describe('Stable label from the RDFC-1.0 first-degree hash') }),
    z.object({ type: z.literal('literal'), value: z.string(), datatype: z.string().optional(), language: z.string().optional() }),
  ])
  .meta({ id: 'RdfTerm' });

const StatementChange = z
  .object({
    predicate: z.string(),
    predicate_label: z.string().optional(),
    object: WireTerm,
    object_label: z.string().optional(),
    graph: z.string().optional().describe('Named graph (JSON-LD datasets); absent in the default graph'),
  })
  .meta({ id: 'RdfStatementChange' });

const SubjectChange = z
  .object({
    subject: WireTerm,
    label: z.string().optional().describe('skos:prefLabel or rdfs:label, English or untagged first'),
    entity: z.enum(['class', 'property', 'individual', 'ontology']).optional(),
    owner: z.string().optional().describe('For a blank node: the named subject it belongs to'),
    added: z.array(StatementChange),
    removed: z.array(StatementChange),
  })
  .meta({ id: 'RdfSubjectChange' });

const JsonPatchOperation = z
  .object({
    op: z.enum(['add', 'remove', 'replace', 'move', 'copy', 'test']),
    path: z.string(),
    from: z.string().optional(),
    value: z.unknown().optional(),
  })
  .meta({ id: 'JsonPatchOperation', description: 'An RFC 6902 operation' });

const OrmRef = z.object({ id: z.string(), name: z.string(), kind: z.string().optional(), reading: z.string().optional() });
const OrmElementChanges = z
  .object({
    added: z.array(OrmRef),
    removed: z.array(OrmRef),
    renamed: z.array(z.object({ id: z.string(), from: z.string(), to: z.string() })),
    changed: z.array(OrmRef.extend({ fields: z.array(z.string()) })),
  })
  .meta({ id: 'OrmElementChanges' });
const ormCounts = z.object({ added: z.number().int(), removed: z.number().int(), renamed: z.number().int(), changed: z.number().int() });

const common = {
  ontology_id: uuid,
  from: DiffEndpoint.nullable().describe('null: the diff starts from an empty source (before the first commit)'),
  to: DiffEndpoint,
  truncated: z.boolean().describe('true when `limit` cut the list of changes'),
  fallback_reason: z.string().optional().describe('Why a richer diff was not possible and text was used'),
};

export const RdfDiffResponse = z
  .object({
    ...common,
    kind: z.literal('rdf'),
    summary: z.object({
      triples_added: z.number().int(),
      triples_removed: z.number().int(),
      subjects_changed: z.number().int(),
      blank_nodes: z.object({ from: z.number().int(), to: z.number().int() }),
      classes: counts,
      properties: counts,
      individuals: counts,
    }),
    changes: z.array(SubjectChange),
  })
  .meta({ id: 'RdfDiff', description: 'Semantic diff: statements removed and added after parsing and blank-node canonicalization, by subject' });

export const JsonPatchDiffResponse = z
  .object({
    ...common,
    kind: z.literal('json-patch'),
    summary: z.object({
      operations: z.number().int(),
      added: z.number().int(),
      removed: z.number().int(),
      replaced: z.number().int(),
      moved: z.number().int(),
      copied: z.number().int(),
    }),
    changes: z.array(JsonPatchOperation),
  })
  .meta({ id: 'JsonPatchDiff', description: 'Structural diff of YAML/JSON documents: operations turning `from` into `to`' });

export const OrmDiffResponse = z
  .object({
    ...common,
    kind: z.literal('orm'),
    summary: z.object({ object_types: ormCounts, fact_types: ormCounts, constraints: ormCounts }),
    changes: z.object({ object_types: OrmElementChanges, fact_types: OrmElementChanges, constraints: OrmElementChanges }),
  })
  .meta({ id: 'OrmDiff', description: 'Model diff of ORM2 files, elements matched by their NORMA ids' });

export const TextDiffResponse = z
  .object({
    ...common,
    kind: z.literal('text'),
    summary: z.object({ lines_added: z.number().int(), lines_removed: z.number().int(), hunks: z.number().int() }),
    changes: z.object({ unified: z.string().describe('Unified diff (also served as text/x-diff)') }),
  })
  .meta({ id: 'TextDiff' });

export const DiffResponse = z
  .discriminatedUnion('kind', [RdfDiffResponse, JsonPatchDiffResponse, OrmDiffResponse, TextDiffResponse])
  .meta({ id: 'Diff' });
export type DiffResponse = z.infer<typeof DiffResponse>;
