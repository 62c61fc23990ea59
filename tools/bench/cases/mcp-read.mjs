// mcp-read: p50 of read_ontology over /mcp (sequential calls) against p50 of
// GET /api/v1/ontologies/:id for the same ontology. Batches alternate MCP / REST. On the
// cluster an MCP call takes one more hop than a REST read (edge, gateway, then rest-api's
// internal tRPC), hence its looser goal. The same two clients are then timed against a replay
// server that answers the recorded bytes instantly: what the clients alone cost (details).
import { performance } from 'node:perf_hooks';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { readFixture } from '../lib/fixtures.mjs';
import { startReplayServer } from '../lib/replay-server.mjs';
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

async function connectClient(url, token) {
  const client = new Client({ name: 'oms-bench', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  return client;
}

/** p50s of the same clients against a server answering the recorded bytes at once. */
async function clientsAlone(ctx, api, id, viaMcpOf, calls) {
  const restBody = JSON.stringify(await api.readOntology(id));
  const replay = await startReplayServer({ serviceUrl: ctx.service.url, token: api.token, restBody });
  const client = await connectClient(replay.url, api.token);
  try {
    const viaMcp = viaMcpOf(client);
    const viaRest = async () => {
      const response = await fetch(`${replay.url}/api/v1/ontologies/${id}`, { signal: AbortSignal.timeout(30_000) });
      if ((await response.json()).id !== id) throw new Error('the replay answered another ontology');
    };
    await timedCalls(ctx.quick ? 2 : 20, viaMcp);
    await timedCalls(ctx.quick ? 2 : 20, viaRest);
    const runs = [];
    for (let i = 0; i < (ctx.quick ? 1 : 3); i += 1) runs.push({ mcp: median(await timedCalls(calls, viaMcp)), rest: median(await timedCalls(calls, viaRest)) });
    return { mcp: median(runs.map((r) => r.mcp)), rest: median(runs.map((r) => r.rest)) };
  } finally {
    await client.close();
    await replay.close();
  }
}

export default {
  name: 'mcp-read',
  unit: 'ms',
  goal: { embedded: '<= 1.5', postgres: '<= 1.5', cluster: '<= 2.5' },
  baseline: 'p50 of GET /api/v1/ontologies/:id for the same ontology',
  async run(ctx) {
    const { api } = await ctx.newUser('mcp-read');
    const ontology = await api.createOntology({ title: 'mcp-read FOAF', source: readFixture('turtle/foaf.ttl'), source_format: 'turtle', visibility: 'private' });
    const client = await connectClient(ctx.service.url, api.token);
    const viaMcpOf = (mcp) => async () => {
      const result = await mcp.callTool({ name: 'read_ontology', arguments: { id: ontology.id } });
      if (result.isError || result.structuredContent?.id !== ontology.id) throw new Error(`read_ontology failed: ${JSON.stringify(result.content).slice(0, 300)}`);
    };
    try {
      const viaMcp = viaMcpOf(client);
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
      const value = median(runs.map((r) => r.mcp));
      const baseline_value = median(runs.map((r) => r.rest));
      const floor = await clientsAlone(ctx, api, ontology.id, viaMcpOf, calls);
      ctx.log(
        `the clients alone (instant replay of the same bytes), p50 ms: MCP ${floor.mcp.toFixed(2)}, REST ${floor.rest.toFixed(2)}; ` +
          `the rest, server and network: MCP ${(value - floor.mcp).toFixed(2)}, REST ${(baseline_value - floor.rest).toFixed(2)}`,
      );
      return { value, baseline_value, details: { mcp_clients_alone_ms: floor.mcp, rest_clients_alone_ms: floor.rest } };
    } finally {
      await client.close();
    }
  },
};
