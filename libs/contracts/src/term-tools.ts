// Input and output schemas of the terms toolset (DESIGN 7): search_terms, read_term,
// list_term_children, term_history. Offered at {base_url}/mcp?toolsets=terms; the items are the
// shapes of the REST term answers (DESIGN 6.2) in the tools' list envelope (limit, offset).
import { z } from 'zod';
import { TERM_KINDS } from '@oms/ontology-tools';
import { commitRef } from './diffs.js';
import { uuid } from './ids.js';
import { toolLimit, toolListEnvelope, toolOffset } from './mcp-tools.js';
import { requiredText } from './text.js';
import { TERM_QUERY_MAX, TERM_SEARCH_ONTOLOGIES_MAX, TermChangeItem, TermHit, TermResponse, VersionTerm } from './terms.js';

/** The toolsets a client may ask for beside the SPEC's 12 tools (`all` names every one). */
export const TOOLSETS = ['terms'] as const;
export type Toolset = (typeof TOOLSETS)[number];

const ontologyId = uuid.describe('The ontology id (a UUID): from list_ontologies, search_ontologies or a search_terms hit');
const termIri = z
  .string()
  .min(1, { message: "can't be blank" })
  .max(2000)
  .describe('The term: its IRI (as in a search_terms hit) or its CURIE, e.g. GO:0008150');
const version = commitRef.describe('A version (MAJOR.MINOR.PATCH, e.g. 1.0.0) or a commit id (list_commits); default the head');
const kind = z.enum(TERM_KINDS);

export const SearchTermsInput = z.strictObject({
  query: requiredText(TERM_QUERY_MAX).describe(
    'What to find: an IRI, CURIE or local name, a label or synonym, their beginning, words of a label, or words of a definition (case and accents ignored)',
  ),
  ontology_id: z
    .union([ontologyId, z.array(ontologyId).min(1).max(TERM_SEARCH_ONTOLOGIES_MAX)])
    .optional()
    .describe(`Search only these ontologies: one id or a list of at most ${TERM_SEARCH_ONTOLOGIES_MAX}; default every ontology you can see`),
  kind: z.union([kind, z.array(kind).min(1)]).optional().describe('Only terms of this kind or these kinds (class, object_property, concept, ...)'),
  include_deprecated: z.boolean().default(false).describe('Include deprecated terms (default false)'),
  limit: toolLimit,
  offset: toolOffset,
});
export type SearchTermsInput = z.output<typeof SearchTermsInput>;
export const SearchTermsOutput = toolListEnvelope('terms', TermHit);

export const ReadTermInput = z.strictObject({ ontology_id: ontologyId, iri: termIri, version: version.optional() });
/** Lists of a term that read_term shortens when the whole term would pass the result budget. */
export const TERM_TRUNCATABLE = ['annotations', 'synonyms', 'ancestors', 'definition'] as const;
export const ReadTermOutput = TermResponse.extend({
  truncated: z
    .array(z.enum(TERM_TRUNCATABLE))
    .optional()
    .describe('Present only when the term was too large for one tool result: these fields were shortened; the whole term is at url (REST, same token)'),
  annotations_total: z.number().int().optional().describe('With truncated: how many annotations the term has in all'),
}).meta({ id: 'ToolTerm' });

export const ListTermChildrenInput = z.strictObject({
  ontology_id: ontologyId,
  iri: termIri.optional().describe('The parent term (IRI or CURIE); omit it for the roots (terms with no parent in this version)'),
  version: version.optional(),
  limit: toolLimit,
  offset: toolOffset,
});
export const ListTermChildrenOutput = toolListEnvelope('terms', VersionTerm);

export const TermHistoryInput = z.strictObject({ ontology_id: ontologyId, iri: termIri, limit: toolLimit, offset: toolOffset });
export const TermHistoryOutput = toolListEnvelope('changes', TermChangeItem);
