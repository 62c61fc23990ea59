// diff: GET /api/v1/ontologies/:id/diff between two versions of a generated 100 MB Turtle
// source (4 MB with --quick) whose second version changes 1% of its lines at scattered places
// (lib/large-turtle.mjs), against the budget of DESIGN 8 / issue 21: under 60 s, with the
// service's RSS growing by less than 1 GiB while it runs (sampled every 10 ms, details). Both
// versions are uploaded by multipart as `other` (set-up only: a large source is compared line
// by line as it streams whatever its format; --quick restarts the service with
// DIFF_STREAM_MIN_BYTES of 1 MiB so that its small source takes the same path). The answer's
// counts are checked against the lines that really changed.
import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import { openAsBlob } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { onCleanup } from '../lib/cleanup.mjs';
import { editedVersion, generateTurtle } from '../lib/large-turtle.mjs';
import { repeat } from '../lib/repeat.mjs';
import { rssMiB, sampleRss } from '../lib/rss-sampler.mjs';
import { median } from '../lib/stats.mjs';

const MB = 1_000_000;
/** The time budget of a large diff, seconds (the baseline). */
const BUDGET_S = 60;
/** The memory budget: the service's RSS growth during the diff, MiB. */
const RSS_BUDGET_MIB = 1024;

async function upload(ctx, token, method, url, body, file) {
  const form = new FormData();
  form.append('body', JSON.stringify(body));
  form.append('source', await openAsBlob(file), path.basename(file));
  const started = performance.now();
  const response = await fetch(url, { method, headers: { authorization: `Bearer ${token}` }, body: form, signal: AbortSignal.timeout(600_000) });
  const answer = await response.json();
  if (response.status !== 200 && response.status !== 201) throw new Error(`multipart ${method}: ${response.status} ${JSON.stringify(answer).slice(0, 300)}`);
  ctx.log(`${method} ${path.basename(file)} by multipart in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return answer;
}

/** Lines that differ between the two versions (editing keeps the line count). */
function changedLines(before, after) {
  const a = before.split('\n');
  const b = after.split('\n');
  if (a.length !== b.length) throw new Error('the edited version has another line count');
  let changed = 0;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) changed += 1;
  return changed;
}

export default {
  name: 'diff',
  unit: 's',
  goal: '<= 1',
  baseline: `the budget of a 100 MB diff (${BUDGET_S} s); details: the service's RSS growth (budget ${RSS_BUDGET_MIB} MiB)`,
  async run(ctx) {
    const dir = await mkdtemp(path.join(tmpdir(), 'oms-bench-diff-'));
    const removeDir = () => rm(dir, { recursive: true, force: true });
    const unregister = onCleanup('diff bench files', removeDir);
    if (ctx.quick) await ctx.restartService({ DIFF_STREAM_MIN_BYTES: String(1024 * 1024) });
    try {
      const first = generateTurtle((ctx.quick ? 4 : 100) * MB, 21).text;
      const second = editedVersion(first, 2101);
      const changed = changedLines(first, second);
      await writeFile(path.join(dir, 'v1.ttl'), first);
      await writeFile(path.join(dir, 'v2.ttl'), second);
      const bytes = Buffer.byteLength(first);
      ctx.log(`two versions of ${(bytes / MB).toFixed(1)} MB, ${changed} lines changed at scattered places`);

      const { api } = await ctx.newUser('diff');
      const base = `${ctx.service.url}/api/v1/ontologies`;
      const created = await upload(ctx, api.token, 'POST', base, { ontology: { title: 'diff bench', source_format: 'other', visibility: 'private' } }, path.join(dir, 'v1.ttl'));
      await upload(ctx, api.token, 'PATCH', `${base}/${created.id}`, { ontology: {}, change_summary: 'scattered edits' }, path.join(dir, 'v2.ttl'));

      const [process] = ctx.service.processes('rest-api');
      if (!process) throw new Error('the target names no process serving REST');
      const runs = await repeat({ times: ctx.quick ? 1 : 3, budgetMs: 150_000, log: ctx.log }, async () => {
        const before = rssMiB(process.pid);
        const sampler = sampleRss(process.pid, { maxMs: 600_000 });
        const started = performance.now();
        const response = await fetch(`${base}/${created.id}/diff`, { headers: { authorization: `Bearer ${api.token}` }, signal: AbortSignal.timeout(600_000) });
        const answer = await response.json();
        const seconds = (performance.now() - started) / 1000;
        const { peakMiB, samples } = await sampler.stop();
        if (response.status !== 200) throw new Error(`diff: ${response.status} ${JSON.stringify(answer).slice(0, 300)}`);
        const { lines_added: added, lines_removed: removed } = answer.summary;
        if (answer.kind !== 'text' || answer.fallback_reason === undefined) throw new Error(`diff: a ${answer.kind} diff, expected the streamed line diff`);
      if (added !== changed || removed !== changed) throw new Error(`diff: ${added} lines added and ${removed} removed, expected ${changed} each`);
        return { seconds, growth: Math.max(0, peakMiB - before), before, samples, hunks: answer.summary.hunks, kind: answer.kind };
      });
      ctx.log(
        `diff s: ${runs.map((r) => r.seconds.toFixed(1)).join(', ')}; RSS before (MiB): ${runs.map((r) => r.before.toFixed(0)).join(', ')}; ` +
          `growth (MiB): ${runs.map((r) => r.growth.toFixed(0)).join(', ')}; ${runs[0].hunks} hunks (${runs[0].kind}); ${runs.map((r) => r.samples).join('/')} samples`,
      );
      const growth = Math.max(...runs.map((r) => r.growth));
      return {
        value: median(runs.map((r) => r.seconds)),
        baseline_value: BUDGET_S,
        details: { source_mb: bytes / MB, lines_changed: changed, rss_growth_mib: growth, rss_budget_mib: RSS_BUDGET_MIB, rss_within_budget: growth < RSS_BUDGET_MIB },
      };
    } finally {
      unregister();
      await removeDir();
      if (ctx.quick) await ctx.restartService({});
    }
  },
};
