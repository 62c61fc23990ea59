// mcp-read: p50 of read_ontology over /mcp (sequential calls) against p50 of
// GET /api/v1/ontologies/:id for the same ontology. Batches alternate MCP / REST. On the
// cluster an MCP call takes one more hop than a REST read (edge, gateway, then rest-api's
// internal tRPC), hence its looser goal.
import { performance } from 'node:perf_hooks';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { readFixture } from '../lib/fixtures.mjs';
import { repeat } from '../lib/repeat.mjs';
import { median } from '../lib/stats.mjs';

async function timedCalls(count, call) {
  const times = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  return times;
}

export default {
  name: 'mcp-read',
  unit: 'ms',
  goal: { embedded: '<= 1.5', cluster: '<= 2.5' },
  baseline: 'p50 of GET /api/v1/ontologies/:id for the same ontology',
  async run(ctx) {
    const { api } = await ctx.newUser('mcp-read');
    const ontology = await api.createOntology({ title: 'mcp-read FOAF', source: readFixture('turtle/foaf.ttl'), source_format: 'turtle', visibility: 'private' });
    const client = new Client({ name: 'oms-bench', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    const transport = new StreamableHTTPClientTransport(new URL(`${ctx.service.url}/mcp`), {
      requestInit: { headers: { Authorization: `Bearer ${api.token}` } },
    });
    await client.connect(transport);
    try {
      const viaMcp = async () => {
        const result = await client.callTool({ name: 'read_ontology', arguments: { id: ontology.id } });
        if (result.isError || result.structuredContent?.id !== ontology.id) throw new Error(`read_ontology failed: ${JSON.stringify(result.content).slice(0, 300)}`);
      };
      const viaRest = async () => {
        const body = await api.readOntology(ontology.id);
        if (body.id !== ontology.id) throw new Error('GET answered another ontology');
      };
      const calls = ctx.quick ? 10 : 50;
      await timedCalls(ctx.quick ? 2 : 20, viaMcp);
      await timedCalls(ctx.quick ? 2 : 20, viaRest);
      const runs = await repeat({ times: ctx.quick ? 1 : 5, budgetMs: 60_000, log: ctx.log }, async () => ({
        mcp: median(await timedCalls(calls, viaMcp)),
        rest: median(await timedCalls(calls, viaRest)),
      }));
      ctx.log(`p50 ms, MCP: ${runs.map((r) => r.mcp.toFixed(2)).join(', ')}; REST: ${runs.map((r) => r.rest.toFixed(2)).join(', ')}`);
      return { value: median(runs.map((r) => r.mcp)), baseline_value: median(runs.map((r) => r.rest)) };
    } finally {
      await client.close();
    }
  },
};
