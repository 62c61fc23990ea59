// Prompts (SPEC 4.3) and the resources that carry the same text (SPEC 4.4).
import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { DOMAIN_MODEL_GUIDE, TOOL_PATTERNS_GUIDE, ormWorkflowGuide } from '@oms/guides';
import { cached } from './cached-schema.js';

const userText = (text: string) => ({ messages: [{ role: 'user' as const, content: { type: 'text' as const, text } }] });

export const RESOURCES = [
  { name: 'domain-model', uri: 'service://domain-model', title: 'Domain model reference', text: DOMAIN_MODEL_GUIDE },
  { name: 'tool-guide', uri: 'service://tool-guide', title: 'Tool guide', text: TOOL_PATTERNS_GUIDE },
] as const;

// Built once per process: every /mcp request registers the prompts on a new server instance.
const OrmWorkflowArgs = cached(z.object({ domain_description: z.string().min(1).max(20_000).describe('The domain to model, in plain words') }));

export function registerPrompts(server: McpServer): void {
  server.registerPrompt(
    'domain_model',
    {
      title: 'Domain model reference',
      description: 'Source formats and their validation, semantic versioning, the commit model, accounts, visibility and nesting.',
    },
    () => userText(DOMAIN_MODEL_GUIDE),
  );
  server.registerPrompt(
    'tool_patterns',
    {
      title: 'Tool patterns',
      description:
        'All 12 tools: parameters, return shapes, sequencing rules, error recovery, groupings and workflows; and the terms toolset ' +
        '(search_terms, read_term, list_term_children, term_history at /mcp?toolsets=terms): how to ask for it and its workflows.',
    },
    () => userText(TOOL_PATTERNS_GUIDE),
  );
  server.registerPrompt(
    'orm_workflow',
    {
      title: 'ORM modeling workflow',
      description: 'The Object-Role Modeling method applied to your domain, with an ORM2 XML template and a validation checklist.',
      argsSchema: OrmWorkflowArgs,
    },
    ({ domain_description }) => userText(ormWorkflowGuide(domain_description)),
  );
}

export function registerResources(server: McpServer): void {
  for (const resource of RESOURCES) {
    server.registerResource(
      resource.name,
      resource.uri,
      { title: resource.title, mimeType: 'text/markdown' },
      async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/markdown', text: resource.text }] }),
    );
  }
}
