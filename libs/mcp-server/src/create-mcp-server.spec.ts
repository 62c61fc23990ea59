import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import type { ProcedureOutput } from '@oms/contracts';
import { fakeServiceApi } from '@oms/contracts/testing';
import { RESOURCE_SCOPE } from '@oms/domain';
import { connectMcpAt, resultText } from '@oms/testing';
import { createMcpHttpRouter } from './http-router.js';
import type { Visualizer } from './visualizer.js';

const ORM_ONTOLOGY: ProcedureOutput<'ontologies.read'> = {
  id: '01a20588-be99-7578-b4d7-1f14c8b21904',
  account_id: '01a20588-bcfc-70e0-b292-cd99c1ac0396',
  parent_id: null,
  title: 'People',
  description: '',
  visibility: 'is_public',
  source: '<ORM2/>',
  source_truncated: false,
  source_chars: 7,
  next_source_offset: null,
  source_format: 'orm',
  version: '1.0.0',
  head_hash: `sha256:${'a'.repeat(64)}`,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  url: 'http://127.0.0.1/api/v1/ontologies/01a20588-be99-7578-b4d7-1f14c8b21904',
};

type Served = { client: Client; close(): Promise<void> };

/** The /mcp router on port 0 with a fake service that answers ontologies.read with ORM_ONTOLOGY. */
async function serve(visualize?: Visualizer, query = ''): Promise<Served> {
  const app = express();
  app.use(
    createMcpHttpRouter({
      baseUrl: 'http://127.0.0.1',
      serviceFor: () => fakeServiceApi({ 'ontologies.read': () => ORM_ONTOLOGY }),
      authenticate: async () => ({ actorId: 'user', clientId: 'test', scopes: [RESOURCE_SCOPE], expiresAt: Date.now() / 1000 + 3600 }),
      ...(visualize ? { visualize } : {}),
    }),
  );
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const client = await connectMcpAt(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp${query}`, `oms_${'a'.repeat(43)}`, 'modern');
  return {
    client,
    close: async () => {
      await client.close();
      server.close();
    },
  };
}

describe('an MCP server without a diagram renderer (a gateway without REDIS_URL)', () => {
  let served: Served;
  let client: Client;
  beforeAll(async () => {
    served = await serve();
    client = served.client;
  });
  afterAll(async () => {
    await served?.close();
  });

  it('when tools are listed then all 12 SPEC tools are offered, visualize_ontology included', async () => {
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(12);
    expect(tools.map((tool) => tool.name)).toContain('visualize_ontology');
  });

  it('when tools are listed then paging counts and diagram sizes are advertised as non-negative integers', async () => {
    const { tools } = await client.listTools();
    for (const name of ['list_ontologies', 'search_ontologies', 'list_commits']) {
      const properties = tools.find((tool) => tool.name === name)?.outputSchema?.properties as Record<string, { type?: string; minimum?: number }>;
      for (const key of ['total', 'limit', 'offset']) expect(properties[key], `${name}.${key}`).toMatchObject({ type: 'integer', minimum: 0 });
    }
    const visual = tools.find((tool) => tool.name === 'visualize_ontology')?.outputSchema?.properties as Record<string, { minimum?: number }>;
    expect(visual['width']?.minimum).toBe(0);
  });

  it('when visualize_ontology is called then it is an isError result saying rendering is not available, not a protocol error', async () => {
    const result = await client.callTool({ name: 'visualize_ontology', arguments: { id: ORM_ONTOLOGY.id } });
    expect(result.isError).toBe(true);
    expect(resultText(result)).toMatch(/no diagram renderer is configured.*Retrying will not help/);
  });
});

describe('an MCP server whose diagram renderer throws', () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(async () => {
      throw new Error('connect ECONNREFUSED 10.0.0.5:6379 (render queue)');
    });
  });
  afterAll(async () => {
    await served?.close();
  });

  it('when visualize_ontology is called then it is an isError result without the renderer\'s message', async () => {
    const result = await served.client.callTool({ name: 'visualize_ontology', arguments: { id: ORM_ONTOLOGY.id } });
    expect(result.isError).toBe(true);
    expect(resultText(result)).toMatch(/retry in a moment/);
    expect(resultText(result)).not.toMatch(/ECONNREFUSED|10\.0\.0\.5|render queue/);
  });
});

const TERM_TOOLS = ['search_terms', 'read_term', 'list_term_children', 'term_history'];

describe.each(['?toolsets=terms', '?toolsets=all'])('an MCP server at /mcp%s', (query) => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(undefined, query);
  });
  afterAll(async () => {
    await served?.close();
  });

  it('when tools are listed then the 12 SPEC tools and the four term tools are offered, read-only, with output schemas', async () => {
    const { tools } = await served.client.listTools();
    expect(tools).toHaveLength(16);
    for (const name of TERM_TOOLS) {
      const tool = tools.find((candidate) => candidate.name === name);
      expect(tool?.annotations, name).toMatchObject({ readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
      expect(tool?.outputSchema?.type, name).toBe('object');
    }
    const search = tools.find((tool) => tool.name === 'search_terms');
    expect(search?.inputSchema.required).toEqual(['query']);
    expect(tools.find((tool) => tool.name === 'read_term')?.inputSchema.required).toEqual(['ontology_id', 'iri']);
  });

  it('when a term tool gets a bad argument then the refusal names it and the next step', async () => {
    const result = await served.client.callTool({ name: 'read_term', arguments: { ontology_id: ORM_ONTOLOGY.id, iri: 'x', version: 'latest' } });
    expect(result.isError).toBe(true);
    expect(resultText(result)).toMatch(/`version` must be a commit id or a version.*omit it for the head.*call read_term again/);
  });
});

describe('an MCP server at plain /mcp', () => {
  it('when tools are listed then no term tool is offered, and the instructions say how to ask for them', async () => {
    const served = await serve();
    try {
      const { tools } = await served.client.listTools();
      expect(tools.map((tool) => tool.name).filter((name) => TERM_TOOLS.includes(name))).toEqual([]);
      expect(served.client.getInstructions()).toMatch(/\/mcp\?toolsets=terms/);
    } finally {
      await served.close();
    }
  });
});
