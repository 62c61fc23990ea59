// The agent-tool server, separate from any transport (STYLE 8): one instance per request
// (HTTP) or connection (stdio), bound to the acting user's service.
import { McpServer } from '@modelcontextprotocol/server';
import type { Toolset } from '@oms/contracts';
import type { ToolContext } from './context.js';
import { registerPrompts, registerResources } from './prompts.js';
import { registerCommitTools } from './tools/commits.js';
import { registerOntologyReadTools } from './tools/ontology-read.js';
import { registerTermTools } from './tools/terms.js';
import { registerOntologyWriteTools } from './tools/ontology-write.js';
import { registerUserAccountTools } from './tools/user-account.js';
import { registerVisualizationOrmTools } from './tools/visualization-orm.js';

export const SERVER_INFO = { name: 'ontology-management-service', version: '1.0.0' } as const;

/** `toolsets`: what the client asked for beside the SPEC's 12 tools (DESIGN 7); none by default. */
export function createMcpServer(ctx: ToolContext, toolsets: readonly Toolset[] = []): McpServer {
  const server = new McpServer(SERVER_INFO, {
    instructions:
      'Store, version and search ontologies. Start with list_accounts (account ids for create_ontology) and list_ontologies or search_ontologies. ' +
      'Every source change is a commit; read the tool_patterns prompt or service://tool-guide for workflows. ' +
      (toolsets.includes('terms')
        ? 'Terms toolset on: find a class or property by label with search_terms, then read_term (definition, parents, ancestors, any version), list_term_children and term_history.'
        : 'To find and read single terms (classes, properties, concepts) without reading whole sources, connect to this server at /mcp?toolsets=terms (same sign-in).'),
  });
  registerUserAccountTools(server, ctx);
  registerOntologyReadTools(server, ctx);
  registerOntologyWriteTools(server, ctx);
  registerCommitTools(server, ctx);
  registerVisualizationOrmTools(server, ctx);
  if (toolsets.includes('terms')) registerTermTools(server, ctx);
  registerPrompts(server);
  registerResources(server);
  return server;
}
