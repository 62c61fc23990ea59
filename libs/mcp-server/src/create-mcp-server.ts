// The agent-tool server, separate from any transport (STYLE 8): one instance per request
// (HTTP) or connection (stdio), bound to the acting user's service.
import { McpServer } from '@modelcontextprotocol/server';
import type { ToolContext } from './context.js';
import { registerPrompts, registerResources } from './prompts.js';
import { registerCommitTools } from './tools/commits.js';
import { registerOntologyReadTools } from './tools/ontology-read.js';
import { registerOntologyWriteTools } from './tools/ontology-write.js';
import { registerUserAccountTools } from './tools/user-account.js';
import { registerVisualizationOrmTools } from './tools/visualization-orm.js';

export const SERVER_INFO = { name: 'ontology-management-service', version: '1.0.0' } as const;

export function createMcpServer(ctx: ToolContext): McpServer {
  const server = new McpServer(SERVER_INFO, {
    instructions:
      'Store, version and search ontologies. Start with list_accounts (account ids for create_ontology) and list_ontologies or search_ontologies. ' +
      'Every source change is a commit; read the tool_patterns prompt or service://tool-guide for workflows.',
  });
  registerUserAccountTools(server, ctx);
  registerOntologyReadTools(server, ctx);
  registerOntologyWriteTools(server, ctx);
  registerCommitTools(server, ctx);
  registerVisualizationOrmTools(server, ctx);
  registerPrompts(server);
  registerResources(server);
  return server;
}
