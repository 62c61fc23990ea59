// commit-terms: creating an ontology from a 3 MB generated OBO-like Turtle source (about 11,000
// classes with labels, synonyms, definitions and parents) with its terms extracted and
// indexed in the commit, against the same commit on a service whose synchronous term limit is
// 0 (TERMS_SYNC_MAX_BYTES=0: the commit's parse collects only the metrics and writes no terms;
// they are written in the background, which each run waits out before the next so it does
// not compete). Runs: the service with terms, then restarted without, then restarted as it was.
import { performance } from 'node:perf_hooks';
import { oboLikeTurtle } from '../lib/generated-terms.mjs';
import { repeat } from '../lib/repeat.mjs';
import { median } from '../lib/stats.mjs';

const CLASSES = 11_100;

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
  return { ms, ontology: JSON.parse(text) };
}

async function waitForTerms(api, id) {
  for (let attempt = 0; attempt < 1200; attempt += 1) {
    const { json } = await api.request('GET', `/api/v1/ontologies/${id}`);
    if (json.terms_status === 'ready') return;
    if (json.terms_status === 'failed') throw new Error('background indexing failed');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('background indexing did not finish in 120 s');
}

async function commits(ctx, label, { times, expect }) {
  const text = oboLikeTurtle({ classes: CLASSES });
  const { api } = await ctx.newUser(`commit-terms-${label.replace(/\s+/g, '-')}`);
  const bodyFor = (i) => JSON.stringify({ ontology: { title: `commit-terms ${label} ${i}`, source: text, source_format: 'turtle', visibility: 'private' } });
  const once = async (i) => {
    const { ms, ontology } = await timedPost(api, bodyFor(i));
    if (ontology.terms_status !== expect) throw new Error(`${label}: terms_status ${ontology.terms_status}, expected ${expect}`);
    if (expect === 'indexing') await waitForTerms(api, ontology.id);
    return ms;
  };
  if (!ctx.quick) await once('warm-up');
  const runs = await repeat({ times, budgetMs: 120_000, log: ctx.log }, once);
  ctx.log(`${label}: ${(text.length / 1e6).toFixed(2)} MB, ms ${runs.map((ms) => Math.round(ms)).join(', ')}`);
  return median(runs);
}

export default {
  name: 'commit-terms',
  unit: 'ms',
  goal: '<= 1.3',
  baseline: 'the same commit with term indexing off the commit path (TERMS_SYNC_MAX_BYTES=0)',
  skip: { cluster: 'restarts the service with another setting: runs on the embedded and postgres targets' },
  async run(ctx) {
    const times = ctx.quick ? 1 : 7;
    const withTerms = await commits(ctx, 'with terms', { times, expect: 'ready' });
    await ctx.restartService({ TERMS_SYNC_MAX_BYTES: '0' });
    try {
      const without = await commits(ctx, 'without terms', { times, expect: 'indexing' });
      return { value: withTerms, baseline_value: without };
    } finally {
      await ctx.restartService({});
    }
  },
};
