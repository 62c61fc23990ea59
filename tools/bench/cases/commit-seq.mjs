// commit-seq: source PATCHes per second on one ontology (foaf.ttl), one writer, each adding
// one triple, against git add + git commit of the same sources. Runs alternate.
import { gitCommitRate } from '../baselines/git-commits.mjs';
import { freshOntology, patchRate, successiveSources } from '../lib/commit-load.mjs';
import { repeat } from '../lib/repeat.mjs';
import { median } from '../lib/stats.mjs';

export const PATCHES_PER_RUN = { quick: 5, full: 60 };

/** Sequential PATCH rate, median over repetitions (also the baseline of commit-contended). */
export async function sequentialRate(ctx, api, withGit) {
  const count = ctx.quick ? PATCHES_PER_RUN.quick : PATCHES_PER_RUN.full;
  const { base, sources } = successiveSources(count);
  const runs = await repeat({ times: ctx.quick ? 1 : 5, budgetMs: 90_000, log: ctx.log }, async (i) => {
    const ontology = await freshOntology(api, `commit-seq ${i}`);
    const service = await patchRate(api, ontology.id, sources, 1);
    return { service, baseline: withGit ? await gitCommitRate(base, sources) : undefined };
  });
  ctx.log(`service patches/s: ${runs.map((r) => r.service.toFixed(1)).join(', ')}${withGit ? `; git commits/s: ${runs.map((r) => r.baseline.toFixed(1)).join(', ')}` : ''}`);
  return { service: median(runs.map((r) => r.service)), git: withGit ? median(runs.map((r) => r.baseline)) : undefined };
}

export default {
  name: 'commit-seq',
  unit: 'commits/s',
  goal: '>= 1.0',
  baseline: 'git add + git commit -q of the same successive sources in a temp local repository',
  async run(ctx) {
    const { api } = await ctx.newUser('commit-seq');
    if (!ctx.quick) await patchRate(api, (await freshOntology(api, 'commit-seq warm-up')).id, successiveSources(10).sources, 1);
    const rates = await sequentialRate(ctx, api, true);
    return { value: rates.service, baseline_value: rates.git };
  },
};
