// Group "User & Account" (SPEC 4.2): read_profile, list_accounts.
import type { McpServer } from '@modelcontextprotocol/server';
import { ListAccountsInput, ListAccountsOutput, ReadProfileInput, ReadProfileOutput } from '@oms/contracts';
import { READ_ONLY } from '../annotations.js';
import type { ToolContext } from '../context.js';
import { runTool } from '../tool-result.js';
import { cached } from '../cached-schema.js';
import { toolInput } from '../tool-input.js';

const readProfileInput = toolInput('read_profile', ReadProfileInput);
const listAccountsInput = toolInput('list_accounts', ListAccountsInput);

export function registerUserAccountTools(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'read_profile',
    {
      title: 'Read my profile',
      description: 'Returns the signed-in user: name, email, time_zone and created_at. Takes no parameters.',
      inputSchema: readProfileInput,
      outputSchema: cached(ReadProfileOutput),
      annotations: READ_ONLY,
    },
    () => runTool(() => ctx.service.call('profile.read', {})),
  );

  server.registerTool(
    'list_accounts',
    {
      title: 'List my accounts',
      description:
        'Lists the accounts you belong to (your personal account and any team accounts) with id, name, personal and your roles. ' +
        'Call this before create_ontology: its account_id must be one of these ids.',
      inputSchema: listAccountsInput,
      outputSchema: cached(ListAccountsOutput),
      annotations: READ_ONLY,
    },
    () => runTool(() => ctx.service.call('accounts.list', {})),
  );
}
