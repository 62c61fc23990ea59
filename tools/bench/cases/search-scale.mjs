// search-scale: p50 of GET /api/v1/ontologies?title=<word> with 100,000 ontologies against
// the same query with 1,000 (quick: 5,000 against 1,000). Seeded in bulk SQL, then ANALYZE.
// The word is in about one title in fifty; the caller belongs to its personal and three teams.
import { performance } from 'node:perf_hooks';
import { repeat } from '../lib/repeat.mjs';
import { SEARCH_WORD, joinSeededTeams, seedOntologies } from '../lib/seed.mjs';
import { median } from '../lib/stats.mjs';

const FULL = { small: 1_000, large: 100_000, requests: 40, times: 5 };
const QUICK = { small: 1_000, large: 5_000, requests: 15, times: 1 };

async function searchP50(ctx, api, shape) {
  const path = `/api/v1/ontologies?title=${encodeURIComponent(SEARCH_WORD)}`;
  const once = async () => {
    const started = performance.now();
    const { status, json, text } = await api.request('GET', path);
    const ms = performance.now() - started;
    if (status !== 200) throw new Error(`search answered ${status}: ${text.slice(0, 200)}`);
    if (!json.data.length) throw new Error('search found nothing');
    return { ms, total: json.pagination.total };
  };
  for (let i = 0; i < 10; i += 1) await once();
  let total = 0;
  const p50s = await repeat({ times: shape.times, budgetMs: 60_000, log: ctx.log }, async () => {
    const times = [];
    for (let i = 0; i < shape.requests; i += 1) {
      const { ms, total: found } = await once();
      times.push(ms);
      total = found;
    }
    return median(times);
  });
  return { p50: median(p50s), p50s, total };
}

export default {
  name: 'search-scale',
  unit: 'ms',
  goal: '<= 3',
  baseline: 'the same query with 1,000 ontologies (quick: 1,000 vs 5,000)',
  needs: 'postgres',
  needsWhy: 'seeding needs direct SQL access',
  async run(ctx) {
    const shape = ctx.quick ? QUICK : FULL;
    const baseMs = Date.now() - 86_400_000;
    const { api, user } = await ctx.newUser('search-scale');
    let started = performance.now();
    await seedOntologies(ctx.db, baseMs, 0, shape.small);
    ctx.log(`seeded ${shape.small} ontologies in ${Math.round(performance.now() - started)} ms`);
    await joinSeededTeams(ctx.db, baseMs, user.id, 3);
    const small = await searchP50(ctx, api, shape);
    started = performance.now();
    await seedOntologies(ctx.db, baseMs, shape.small, shape.large);
    ctx.log(`seeded up to ${shape.large} ontologies in ${Math.round(performance.now() - started)} ms`);
    const large = await searchP50(ctx, api, shape);
    ctx.log(
      `p50 ms with ${shape.small}: ${small.p50s.map((v) => v.toFixed(2)).join(', ')} (${small.total} visible matches); ` +
        `with ${shape.large}: ${large.p50s.map((v) => v.toFixed(2)).join(', ')} (${large.total} visible matches)`,
    );
    return { value: large.p50, baseline_value: small.p50 };
  },
};
