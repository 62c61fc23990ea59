// read-one: GET /api/v1/ontologies/:id requests/s with 32 connections, against a bare
// node:http server doing the same queries on the same back end: pg on PostgreSQL, PGlite on a
// copy of the embedded target's folder (made while the service is stopped; the service and the
// bare server each hold one folder). Runs alternate service / bare server.
import { startBareReadServer } from '../lib/bare-server.mjs';
import { readFixture } from '../lib/fixtures.mjs';
import { requestsPerSecond } from '../lib/load.mjs';
import { repeat } from '../lib/repeat.mjs';
import { median } from '../lib/stats.mjs';

export default {
  name: 'read-one',
  unit: 'req/s',
  goal: '>= 0.6',
  baseline: {
    embedded: 'bare node:http + PGlite server on a copy of the folder (tools/bench/baselines/bare-read-server.mjs), same queries and fields',
    postgres: 'bare node:http + pg server (tools/bench/baselines/bare-read-server.mjs), same queries and fields',
    cluster: 'bare node:http + pg server (tools/bench/baselines/bare-read-server.mjs), same queries and fields',
  },
  async run(ctx) {
    const { api } = await ctx.newUser('read-one');
    const ontology = await api.createOntology({ title: 'read-one FOAF', source: readFixture('turtle/foaf.ttl'), source_format: 'turtle', visibility: 'private' });
    const databaseEnv = ctx.db.kind === 'pglite' ? { DATA_DIR: await ctx.whileStopped(() => ctx.db.copy()) } : { DATABASE_URL: ctx.db.url };
    const bare = await startBareReadServer(databaseEnv);
    try {
      const path = `/api/v1/ontologies/${ontology.id}`;
      const same = JSON.stringify({ ...(await api.readOntology(ontology.id)), url: undefined });
      const bareBody = await (await fetch(`${bare.url}${path}`, { headers: { authorization: `Bearer ${api.token}` } })).json();
      if (JSON.stringify({ ...bareBody, url: undefined }) !== same) throw new Error('the bare server does not answer the same fields as the service');

      const headers = { authorization: `Bearer ${api.token}` };
      const load = (base, seconds) => requestsPerSecond({ url: `${base}${path}`, headers, connections: 32, seconds });
      const seconds = ctx.quick ? 1 : 4;
      if (!ctx.quick) {
        await load(ctx.service.url, 3);
        await load(bare.url, 3);
      }
      const runs = await repeat({ times: ctx.quick ? 1 : 5, budgetMs: 120_000, log: ctx.log }, async () => ({
        service: await load(ctx.service.url, seconds),
        baseline: await load(bare.url, seconds),
      }));
      ctx.log(`service req/s: ${runs.map((r) => Math.round(r.service)).join(', ')}; bare req/s: ${runs.map((r) => Math.round(r.baseline)).join(', ')}`);
      return { value: median(runs.map((r) => r.service)), baseline_value: median(runs.map((r) => r.baseline)) };
    } finally {
      await bare.stop();
    }
  },
};
