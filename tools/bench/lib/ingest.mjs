// The two ingest cases: POST /api/v1/ontologies of a large fixture, against its parser alone
// on the same text in this process. Runs alternate service / parser; both are warmed first.
import { performance } from 'node:perf_hooks';
import { readFixture } from './fixtures.mjs';
import { repeat } from './repeat.mjs';
import { median } from './stats.mjs';

async function timedPost(api, body) {
  const started = performance.now();
  const response = await fetch(`${api.baseUrl}/api/v1/ontologies`, {
    method: 'POST',
    headers: { authorization: `Bearer ${api.token}`, 'content-type': 'application/json' },
    body,
    signal: AbortSignal.timeout(120_000),
  });
  const text = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 201) throw new Error(`POST /api/v1/ontologies answered ${response.status}: ${text.slice(0, 300)}`);
  return ms;
}

async function timedParse(parse, text) {
  const started = performance.now();
  const quads = await parse(text);
  const ms = performance.now() - started;
  if (quads === 0) throw new Error('the baseline parser produced no quads');
  return ms;
}

export function ingestCase({ name, fixture, format, parserName, parse }) {
  return {
    name,
    unit: 'ms',
    goal: '<= 1.5',
    baseline: `${parserName} alone parsing the same text in the bench process`,
    async run(ctx) {
      const text = readFixture(fixture);
      const { api } = await ctx.newUser(name);
      const bodyFor = (i) => JSON.stringify({ ontology: { title: `${name} ${i}`, source: text, source_format: format, visibility: 'private' } });
      if (!ctx.quick) {
        await timedPost(api, bodyFor('warm-up'));
        await timedParse(parse, text);
      }
      const runs = await repeat({ times: ctx.quick ? 1 : 7, budgetMs: 90_000, log: ctx.log }, async (i) => {
        const body = bodyFor(i);
        return { service: await timedPost(api, body), baseline: await timedParse(parse, text) };
      });
      ctx.log(`service ms: ${runs.map((r) => Math.round(r.service)).join(', ')}; parser ms: ${runs.map((r) => Math.round(r.baseline)).join(', ')}`);
      return { value: median(runs.map((r) => r.service)), baseline_value: median(runs.map((r) => r.baseline)) };
    },
  };
}
