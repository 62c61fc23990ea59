// Group "Commits" (SPEC 4.2): list_commits, read_commit.
import type { McpServer } from '@modelcontextprotocol/server';
import { CommitListOutput, ListCommitsInput, ReadCommitInput, ReadCommitOutput } from '@oms/contracts';
import { READ_ONLY } from '../annotations.js';
import type { ToolContext } from '../context.js';
import { runTool } from '../tool-result.js';
import { cached } from '../cached-schema.js';
import { toolInput } from '../tool-input.js';

const listCommitsInput = toolInput('list_commits', ListCommitsInput);
const readCommitInput = toolInput('read_commit', ReadCommitInput);

export function registerCommitTools(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'list_commits',
    {
      title: 'List the commits of an ontology',
      description:
        'Lists the history of an ontology newest first: id, commit_hash, parent_hash, message, version, status (applied = current head, superseded = older) and author_id, without sources. ' +
        'Pages with limit and offset; read_commit gives one commit with its source.',
      inputSchema: listCommitsInput,
      outputSchema: cached(CommitListOutput),
      annotations: READ_ONLY,
    },
    (input) =>
      runTool(() => ctx.service.call('commits.list', input), {
        notFound: 'Call list_ontologies or search_ontologies to find the ids of ontologies you can see.',
      }),
  );

  server.registerTool(
    'read_commit',
    {
      title: 'Read a commit',
      description:
        'Returns one commit with all details, including the source of the ontology at that commit, in pages like read_ontology ' +
        '(source_offset, source_length; source_truncated, source_chars, next_source_offset).',
      inputSchema: readCommitInput,
      outputSchema: cached(ReadCommitOutput),
      annotations: READ_ONLY,
    },
    (input) => runTool(() => ctx.service.call('commits.read', input), { notFound: 'Call list_commits with the ontology id to find commit ids.' }),
  );
}
