// The terms toolset (DESIGN 7): search_terms, read_term, list_term_children, term_history.
// Registered only when the client asks for it ({base_url}/mcp?toolsets=terms or all).
import type { McpServer } from '@modelcontextprotocol/server';
import {
  ListTermChildrenInput,
  ListTermChildrenOutput,
  ReadTermInput,
  ReadTermOutput,
  SearchTermsInput,
  SearchTermsOutput,
  TermHistoryInput,
  TermHistoryOutput,
} from '@oms/contracts';
import { READ_ONLY } from '../annotations.js';
import type { ToolContext } from '../context.js';
import { runTool } from '../tool-result.js';
import { cached } from '../cached-schema.js';
import { toolInput } from '../tool-input.js';

const searchTermsInput = toolInput('search_terms', SearchTermsInput);
const readTermInput = toolInput('read_term', ReadTermInput);
const listTermChildrenInput = toolInput('list_term_children', ListTermChildrenInput);
const termHistoryInput = toolInput('term_history', TermHistoryInput);

const NOT_A_TERM =
  'Not found: the ontology is not visible to you, or that version of it has no such term (check the IRI or CURIE and the version). ' +
  'Find terms with search_terms (hits carry ontology_id and iri), and versions with list_commits.';
const NEVER_A_TERM =
  'Not found: the ontology is not visible to you, or no version of it ever had this term. Find terms with search_terms (hits carry ontology_id and iri).';

export function registerTermTools(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'search_terms',
    {
      title: 'Search terms',
      description:
        'Finds classes, properties, concepts and other terms by IRI, CURIE, local name, label, synonym, their beginning, words, or words of a definition, ' +
        'in the head versions of every ontology you can see (or only those of ontology_id). Case and accents are ignored. ' +
        'Hits are ranked by match (id, label, synonym, label_prefix, synonym_prefix, words, definition) and carry iri, curie, kind, label, ' +
        'synonyms (at most 10), definition (at most 500 characters), deprecated, ontology_id, ontology_title, version and commit_id. ' +
        'Deprecated terms only with include_deprecated. Pages with limit (1-100, default 20) and offset; has_more says whether another page exists. ' +
        'Then read_term with a hit\'s ontology_id and iri.',
      inputSchema: searchTermsInput,
      outputSchema: cached(SearchTermsOutput),
      annotations: READ_ONLY,
    },
    (input) => runTool(() => ctx.service.call('terms.search', input)),
  );

  server.registerTool(
    'read_term',
    {
      title: 'Read a term',
      description:
        'One term of one version of an ontology: label, whole synonyms and definition, kind, deprecated, replaced_by, ' +
        'parents and ancestors ({iri, curie, label}; ancestors nearest first, at most 200), children_count and annotations (its other statements). ' +
        'iri takes the IRI or the CURIE. version (e.g. 1.0.0, or a commit id) reads the term as it was then; default the head. ' +
        'A parent the version does not declare has label null. Children: list_term_children; changes over time: term_history.',
      inputSchema: readTermInput,
      outputSchema: cached(ReadTermOutput),
      annotations: READ_ONLY,
    },
    (input) => runTool(() => ctx.service.call('terms.read', input), { notFoundText: NOT_A_TERM }),
  );

  server.registerTool(
    'list_term_children',
    {
      title: 'List the children of a term',
      description:
        'The direct children of a term in one version (iri: IRI or CURIE), or, without iri, the roots (terms with no parent in that version): ' +
        'the search_terms hit fields plus children_count, sorted by label. Walk down by calling again with a child\'s iri; ' +
        'walk up with read_term (parents, ancestors). version: a version or commit id, default the head. Pages with limit and offset.',
      inputSchema: listTermChildrenInput,
      outputSchema: cached(ListTermChildrenOutput),
      annotations: READ_ONLY,
    },
    (input) => runTool(() => ctx.service.call('terms.children', input), { notFoundText: NOT_A_TERM }),
  );

  server.registerTool(
    'term_history',
    {
      title: 'History of a term',
      description:
        'What changed about one term across the versions of an ontology, newest first: commit_id, version, created_at, ' +
        'change (added, changed, removed), fields (for changed: which of label, synonyms, definition, parents, kind, deprecated, replaced_by), ' +
        'and the term before and after. Read the term at any of these versions with read_term and version. Pages with limit and offset.',
      inputSchema: termHistoryInput,
      outputSchema: cached(TermHistoryOutput),
      annotations: READ_ONLY,
    },
    (input) => runTool(() => ctx.service.call('terms.history', input), { notFoundText: NEVER_A_TERM }),
  );
}
