// Group "Ontology Write" (SPEC 4.2): create_ontology, update_ontology, delete_ontology.
import type { McpServer } from '@modelcontextprotocol/server';
import {
  CreateOntologyInput,
  DeleteOntologyInput,
  DeleteOntologyOutput,
  ReadOntologyOutput,
  UpdateOntologyInput,
} from '@oms/contracts';
import { CREATES, DELETES, UPDATES } from '../annotations.js';
import type { ToolContext } from '../context.js';
import { runTool } from '../tool-result.js';
import { cached } from '../cached-schema.js';
import { toolInput } from '../tool-input.js';

const createOntologyInput = toolInput('create_ontology', CreateOntologyInput);
const updateOntologyInput = toolInput('update_ontology', UpdateOntologyInput);
const deleteOntologyInput = toolInput('delete_ontology', DeleteOntologyInput);

const FIND_IDS = 'Call list_ontologies or search_ontologies to find the ids of ontologies you can see.';

export function registerOntologyWriteTools(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'create_ontology',
    {
      title: 'Create an ontology',
      description:
        'Creates an ontology in one of your accounts with a first commit. Call list_accounts first for account_id. ' +
        'source must parse in source_format (yaml, owl, rdf, turtle, orm; other is not parsed); a parse error names line and column. ' +
        'visibility is is_public (default) or is_private; version defaults to 1.0.0; commit_message to "Initial commit".',
      inputSchema: createOntologyInput,
      outputSchema: cached(ReadOntologyOutput),
      annotations: CREATES,
    },
    (input) => runTool(() => ctx.service.call('ontologies.create', input)),
  );

  server.registerTool(
    'update_ontology',
    {
      title: 'Update an ontology',
      description:
        'Replaces the source of an ontology you may change (send the full new source, not a diff) and records a commit with commit_message. ' +
        'account_id must be the owning account (read_ontology shows it). The patch version is bumped unless you pass a greater version. ' +
        'Sending the current source unchanged makes no commit. title, description, visibility and source_format are optional.',
      inputSchema: updateOntologyInput,
      outputSchema: cached(ReadOntologyOutput),
      annotations: UPDATES,
    },
    (input) => runTool(() => ctx.service.call('ontologies.update', input), { notFound: FIND_IDS }),
  );

  server.registerTool(
    'delete_ontology',
    {
      title: 'Delete an ontology',
      description:
        'Permanently deletes an ontology and all of its commits; its children become root ontologies. Irreversible. ' +
        'account_id must be the owning account.',
      inputSchema: deleteOntologyInput,
      outputSchema: cached(DeleteOntologyOutput),
      annotations: DELETES,
    },
    (input) => runTool(() => ctx.service.call('ontologies.delete', input), { notFound: FIND_IDS }),
  );
}
