// Input and output schemas of the 12 agent tools (SPEC 4.2). The gateway registers them with
// the MCP SDK, the internal tRPC router validates with them, and the guides describe them.
// Inputs are strict: an argument the schema does not name (a REST word such as `version_bump`)
// is refused rather than dropped, and the JSON Schema says `additionalProperties: false`.
import { z } from 'zod';
import { CommitResponse, CommitSummaryResponse, OntologyResponse, sourceFormat, sourceText, versionText } from './ontologies.js';
import { CommitMetrics } from './metrics.js';
import { SOURCE_PAGE_DEFAULT_CHARS, SOURCE_PAGE_MAX_CHARS } from './tool-budget.js';
import { uuid } from './ids.js';
import { requiredText, text } from './text.js';
import { DESCRIPTION_MAX, MESSAGE_MAX, TITLE_MAX } from '@oms/domain';

/** Formats the agent tools accept (SPEC 2.1): the REST list without `json`. */
export const TOOL_SOURCE_FORMATS = ['yaml', 'owl', 'rdf', 'turtle', 'other', 'orm'] as const;
export const TOOL_VISIBILITIES = ['is_public', 'is_private'] as const;

export const toolLimit = z.number().int().min(1).max(100).default(20).describe('Page size, 1..100 (default 20)');
export const toolOffset = z.number().int().min(0).max(10_000_000).default(0).describe('Items to skip (default 0)');
// Ids in either case (the advertised pattern says so); the use cases get them in lower case.
const id = (what: string) => uuid.describe(`The ${what} id (a UUID)`);

export const ToolOntology = OntologyResponse.extend({
  visibility: z.enum(TOOL_VISIBILITIES),
}).meta({ id: 'ToolOntology' });
export type ToolOntology = z.infer<typeof ToolOntology>;

const count = z.number().int().min(0);

export const toolListEnvelope = <K extends string, T extends z.ZodType>(key: K, item: T) =>
  z.object({
    ...({ [key]: z.array(item) } as { [P in K]: z.ZodArray<T> }),
    total: count.describe('How many items there are in all'),
    limit: count.describe('The page size used'),
    offset: count.describe('How many items were skipped'),
    has_more: z.boolean().describe('Whether another page exists (offset + items returned < total)'),
    next_offset: count
      .optional()
      .describe('Present when this page was shortened to fit the result budget: call again with this offset for the rest'),
    page_shortened: z.boolean().optional().describe('True when fewer items than limit came back only to keep the result within its budget'),
  });

/** Paging of a source in a tool result (DESIGN 7): a large source comes in pages of characters. */
const sourcePaging = {
  source_truncated: z.boolean().describe('True when source is one page of a longer source: call again with source_offset = next_source_offset'),
  source_chars: count.describe('Length of the whole source in characters (UTF-16 code units)'),
  next_source_offset: count.nullable().describe('Where the next page starts; null on the last page'),
};
const sourcePageInput = {
  source_offset: z.number().int().min(0).default(0).describe('First character of the source to return (default 0)'),
  source_length: z
    .number()
    .int()
    .min(1)
    .max(SOURCE_PAGE_MAX_CHARS)
    .default(SOURCE_PAGE_DEFAULT_CHARS)
    .describe(`Most characters of the source to return, 1..${SOURCE_PAGE_MAX_CHARS} (default ${SOURCE_PAGE_DEFAULT_CHARS})`),
};

export const ReadProfileInput = z.strictObject({});
export const ReadProfileOutput = z.object({
  name: z.string(),
  email: z.string(),
  time_zone: z.string(),
  created_at: z.iso.datetime(),
});

export const ListAccountsInput = z.strictObject({});
export const ToolAccount = z.object({ id: z.string(), name: z.string(), personal: z.boolean(), roles: z.array(z.string()) });
export const ListAccountsOutput = z.object({ accounts: z.array(ToolAccount) });

export const ListOntologiesInput = z.strictObject({ limit: toolLimit, offset: toolOffset });
export const SearchOntologiesInput = z.strictObject({
  query: requiredText(TITLE_MAX).describe('Text to find in titles or descriptions (case-insensitive)'),
  limit: toolLimit,
  offset: toolOffset,
});
/** A list item: everything but the source, which read_ontology pages through. */
export const ToolOntologySummary = ToolOntology.omit({ source: true, at_commit: true, metrics: true })
  .extend({
    source_bytes: count.describe('UTF-8 bytes of the head source (read it with read_ontology)'),
    metrics: CommitMetrics.nullable().describe('Counts of the head commit (triples, classes, ...); null for commits made before metrics existed'),
  })
  .meta({ id: 'ToolOntologySummary' });
export type ToolOntologySummary = z.infer<typeof ToolOntologySummary>;
export const OntologyListOutput = toolListEnvelope('ontologies', ToolOntologySummary);

export const ReadOntologyInput = z.strictObject({ id: id('ontology'), ...sourcePageInput });
export const ReadOntologyOutput = ToolOntology.extend(sourcePaging).meta({ id: 'ToolOntologyPage' });
export type ReadOntologyOutput = z.infer<typeof ReadOntologyOutput>;

export const CreateOntologyInput = z.strictObject({
  account_id: id('account').describe('The owning account: call list_accounts to find yours'),
  title: requiredText(TITLE_MAX),
  source: sourceText.describe('The full source text; it must parse in source_format'),
  source_format: z.enum(TOOL_SOURCE_FORMATS),
  description: text({ max: DESCRIPTION_MAX, trim: false }).optional(),
  visibility: z.enum(TOOL_VISIBILITIES).default('is_public'),
  version: versionText.default('1.0.0').describe('Semantic version MAJOR.MINOR.PATCH (default 1.0.0)'),
  commit_message: text({ max: MESSAGE_MAX, min: 1 }).default('Initial commit'),
});

export const UpdateOntologyInput = z.strictObject({
  id: id('ontology'),
  account_id: id('owning account').describe('Must be the account that owns the ontology'),
  source: sourceText.describe('The full new source text (not a diff)'),
  commit_message: text({ max: MESSAGE_MAX, min: 1 }),
  source_format: z.enum(TOOL_SOURCE_FORMATS).optional().describe('Keeps the current format when omitted'),
  version: versionText.optional().describe('Explicit new version, greater than the current; the patch is bumped when omitted'),
  title: requiredText(TITLE_MAX).optional(),
  description: text({ max: DESCRIPTION_MAX, trim: false }).optional(),
  visibility: z.enum(TOOL_VISIBILITIES).optional(),
});

export const DeleteOntologyInput = z.strictObject({ id: id('ontology'), account_id: id('owning account') });
export const DeleteOntologyOutput = z.object({ deleted: z.literal(true), id: z.string() });

export const ListCommitsInput = z.strictObject({ ontology_id: id('ontology'), limit: toolLimit, offset: toolOffset });
export const CommitListOutput = toolListEnvelope('commits', CommitSummaryResponse);

export const ReadCommitInput = z.strictObject({ id: id('commit'), ...sourcePageInput });
export const ReadCommitOutput = CommitResponse.extend(sourcePaging).meta({ id: 'ToolCommitPage' });
export type ReadCommitOutput = z.infer<typeof ReadCommitOutput>;

export const VisualizeOntologyInput = z.strictObject({ id: id('ontology') });
export const VisualizeOntologyOutput = z.object({
  ontology_id: z.string(),
  title: z.string(),
  version: z.string(),
  head_hash: z.string(),
  object_types: count,
  entity_types: count,
  value_types: count,
  fact_types: count,
  constraints: count,
  width: count.describe('Width of the PNG in pixels'),
  height: count.describe('Height of the PNG in pixels'),
  scale: z.number().positive().describe('Below 1 when a large model was shrunk to fit'),
});

export const GuideOrmCreationInput = z.strictObject({
  domain_description: requiredText(20_000).describe('The domain to model, in plain words'),
});
export const GuideOrmCreationOutput = z.object({ guidance: z.string(), template: z.string() });

export { sourceFormat };
