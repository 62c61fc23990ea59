// commit-contended: the same PATCHes from 10 concurrent writers on one ontology; every PATCH
// must succeed and make exactly one commit. Baseline: the commit-seq rate of this run.
import { freshOntology, patchRate, successiveSources } from '../lib/commit-load.mjs';
import { repeat } from '../lib/repeat.mjs';
import { median } from '../lib/stats.mjs';
import { PATCHES_PER_RUN, sequentialRate } from './commit-seq.mjs';

const WRITERS = 10;

export default {
  name: 'commit-contended',
  unit: 'commits/s',
  goal: '>= 0.7',
  baseline: 'commit-seq (one writer) in the same run',
  async run(ctx) {
    const { api } = await ctx.newUser('commit-contended');
    const earlier = ctx.results.find((result) => result.name === 'commit-seq' && Number.isFinite(result.value));
    const sequential = earlier ? earlier.value : (await sequentialRate(ctx, api, false)).service;
    const { sources } = successiveSources(ctx.quick ? WRITERS : PATCHES_PER_RUN.full);
    const runs = await repeat({ times: ctx.quick ? 1 : 5, budgetMs: 90_000, log: ctx.log }, async (i) => {
      const ontology = await freshOntology(api, `commit-contended ${i}`);
      return patchRate(api, ontology.id, sources, WRITERS);
    });
    ctx.log(`${WRITERS} writers, patches/s: ${runs.map((rate) => rate.toFixed(1)).join(', ')}`);
    return { value: median(runs), baseline_value: sequential };
  },
};
