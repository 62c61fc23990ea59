// terms-search-scale: p50 of GET /api/v1/terms?q=<rare word> over 500,000 indexed head terms
// (50 generated ontologies of 10,000 classes: labels, synonyms, definitions, a hierarchy),
// against the same query over 10,000 (quick: 50,000 against 10,000). The rare word is the
// whole label of ten terms and is inside a synonym and a definition of one term per ontology
// (so those weaker hits grow with the index): the check is that the ten exact label hits always
// come first. Rows are written by bulk SQL (see lib/generated-terms.mjs); on PostgreSQL then
// ANALYZE, as autovacuum would.
import { performance } from 'node:perf_hooks';
import { RARE_WORD, seedTerms } from '../lib/generated-terms.mjs';
import { repeat } from '../lib/repeat.mjs';
import { personalAccountOf } from '../lib/seed.mjs';
import { median } from '../lib/stats.mjs';

const PER_ONTOLOGY = 10_000;
const FULL = { small: 1, large: 50, requests: 40, times: 5 };
const QUICK = { small: 1, large: 5, requests: 15, times: 1 };

function checkRanking(json, ontologies) {
  const top = json.data.slice(0, 10);
  if (top.length < 10 || !top.every((hit) => hit.label === RARE_WORD && hit.match === 'label')) {
    throw new Error(`the ten exact hits are not first: ${JSON.stringify(json.data.slice(0, 12).map((hit) => [hit.label, hit.match]))}`);
  }
  // Ten exact hits, then the synonym-prefix hit of every ontology.
  if (json.pagination.total !== 10 + ontologies) throw new Error(`expected ${10 + ontologies} hits, got ${json.pagination.total}`);
  if (json.data[10] && json.data[10].match !== 'synonym_prefix') throw new Error(`hit 11 is ${json.data[10].match}`);
}

async function searchP50(ctx, api, shape, ontologies) {
  const path = `/api/v1/terms?q=${RARE_WORD}&per_page=25`;
  const once = async () => {
    const started = performance.now();
    const { status, json, text } = await api.request('GET', path);
    const ms = performance.now() - started;
    if (status !== 200) throw new Error(`term search answered ${status}: ${text.slice(0, 200)}`);
    checkRanking(json, ontologies);
    return ms;
  };
  for (let i = 0; i < 10; i += 1) await once();
  const p50s = await repeat({ times: shape.times, budgetMs: 60_000, log: ctx.log }, async () => {
    const times = [];
    for (let i = 0; i < shape.requests; i += 1) times.push(await once());
    return median(times);
  });
  return { p50: median(p50s), p50s };
}

export default {
  name: 'terms-search-scale',
  unit: 'ms',
  goal: '<= 2',
  baseline: 'the same term search over 10,000 indexed terms (quick: 10,000 vs 50,000)',
  async run(ctx) {
    const shape = ctx.quick ? QUICK : FULL;
    const baseMs = Date.now() - 2 * 86_400_000;
    const { api, user } = await ctx.newUser('terms-search');
    const analyze = ctx.db.kind === 'postgres';
    const grow = (from, to) =>
      ctx.withSql(async (sql) => {
        const accountId = await personalAccountOf(sql, user.id);
        const started = performance.now();
        await seedTerms(sql, { baseMs, accountId, authorId: user.id, from, to, perOntology: PER_ONTOLOGY });
        if (analyze) await sql.query('ANALYZE');
        ctx.log(`${to * PER_ONTOLOGY} terms in ${to} ontologies, seeded in ${Math.round(performance.now() - started)} ms${analyze ? ' (then ANALYZE)' : ''}`);
      });
    await grow(0, shape.small);
    const small = await searchP50(ctx, api, shape, shape.small);
    await grow(shape.small, shape.large);
    const large = await searchP50(ctx, api, shape, shape.large);
    ctx.log(
      `p50 ms with ${shape.small * PER_ONTOLOGY} terms: ${small.p50s.map((v) => v.toFixed(2)).join(', ')}; ` +
        `with ${shape.large * PER_ONTOLOGY}: ${large.p50s.map((v) => v.toFixed(2)).join(', ')}`,
    );
    return { value: large.p50, baseline_value: small.p50 };
  },
};
