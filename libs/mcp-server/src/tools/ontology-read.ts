// Group "Ontology Read" (SPEC 4.2): list_ontologies, search_ontologies, read_ontology.
import type { McpServer } from '@modelcontextprotocol/server';
import { ListOntologiesInput, OntologyListOutput, ReadOntologyInput, ReadOntologyOutput, SearchOntologiesInput } from '@oms/contracts';
import { READ_ONLY } from '../annotations.js';
import type { ToolContext } from '../context.js';
import { runTool } from '../tool-result.js';
import { cached } from '../cached-schema.js';
import { toolInput } from '../tool-input.js';

const listOntologiesInput = toolInput('list_ontologies', ListOntologiesInput);
const searchOntologiesInput = toolInput('search_ontologies', SearchOntologiesInput);
const readOntologyInput = toolInput('read_ontology', ReadOntologyInput);

const FIND_IDS = 'Call list_ontologies or search_ontologies to find the ids of ontologies you can see.';

export function registerOntologyReadTools(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'list_ontologies',
    {
      title: 'List ontologies',
      description:
        'Lists the ontologies you can see (public ones and those of your accounts), newest first. Items carry no source: ' +
        'source_bytes and the head metrics (triples, classes, ...) instead; read one source with read_ontology. ' +
        'Pages with limit (1-100, default 20) and offset (default 0); has_more says whether another page exists ' +
        '(a page shortened to fit the result budget says next_offset).',
      inputSchema: listOntologiesInput,
      outputSchema: cached(OntologyListOutput),
      annotations: READ_ONLY,
    },
    (input) => runTool(() => ctx.service.call('ontologies.list', input)),
  );

  server.registerTool(
    'search_ontologies',
    {
      title: 'Search ontologies',
      description:
        'Finds ontologies you can see whose title or description contains query (case-insensitive), newest first. ' +
        'Items and pages as in list_ontologies (no sources; limit, offset, has_more).',
      inputSchema: searchOntologiesInput,
      outputSchema: cached(OntologyListOutput),
      annotations: READ_ONLY,
    },
    (input) => runTool(() => ctx.service.call('ontologies.search', input)),
  );

  server.registerTool(
    'read_ontology',
    {
      title: 'Read an ontology',
      description:
        'Returns one ontology with all details: title, description, visibility, source_format, version, head_hash, account_id, parent_id and its source. ' +
        'A source longer than source_length (default 60000 characters) comes in pages: source_truncated is true, source_chars gives the total, ' +
        'and the next call passes source_offset = next_source_offset. Joined in order, the pages are the source exactly.',
      inputSchema: readOntologyInput,
      outputSchema: cached(ReadOntologyOutput),
      annotations: READ_ONLY,
    },
    (input) => runTool(() => ctx.service.call('ontologies.read', input), { notFound: FIND_IDS }),
  );
}
