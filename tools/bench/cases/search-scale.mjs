// search-scale: p50 of GET /api/v1/ontologies?title=<word> by a user whose account holds
// 20,000 ontologies, against the same query when it held 1,000 (quick: 2,000 against 1,000).
// The account grows in place (bulk SQL; on PostgreSQL then ANALYZE, as autovacuum would; PGlite
// has no autovacuum, so none there). The word is in one title in fifty, so the matches grow with
// the account (20 and 400; the page shows 20): the search must not read every row the user sees.
import { performance } from 'node:perf_hooks';
import { repeat } from '../lib/repeat.mjs';
import { SEARCH_WORD, personalAccountOf, seedAccountOntologies } from '../lib/seed.mjs';
import { median } from '../lib/stats.mjs';

const FULL = { small: 1_000, large: 20_000, requests: 40, times: 5 };
const QUICK = { small: 1_000, large: 2_000, requests: 15, times: 1 };

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
  goal: '<= 2',
  baseline: 'the same search when the account held 1,000 ontologies (quick: 1,000 vs 2,000)',
  async run(ctx) {
    const shape = ctx.quick ? QUICK : FULL;
    const baseMs = Date.now() - 86_400_000;
    const { api, user } = await ctx.newUser('search-scale');
    const analyze = ctx.db.kind === 'postgres';
    const grow = (from, to) =>
      ctx.withSql(async (sql) => {
        const accountId = await personalAccountOf(sql, user.id);
        const started = performance.now();
        await seedAccountOntologies(sql, { baseMs, accountId, authorId: user.id, from, to, analyze });
        ctx.log(`account grown to ${to} ontologies in ${Math.round(performance.now() - started)} ms${analyze ? ' (then ANALYZE)' : ''}`);
      });
    await grow(0, shape.small);
    const small = await searchP50(ctx, api, shape);
    await grow(shape.small, shape.large);
    const large = await searchP50(ctx, api, shape);
    ctx.log(
      `p50 ms with ${shape.small}: ${small.p50s.map((v) => v.toFixed(2)).join(', ')} (${small.total} matches); ` +
        `with ${shape.large}: ${large.p50s.map((v) => v.toFixed(2)).join(', ')} (${large.total} matches)`,
    );
    return { value: large.p50, baseline_value: small.p50 };
  },
};
