// isolation: p95 latency of another user's GET /api/v1/me while one user floods the service
// with diffs and conversions of a 3 MB Turtle ontology, against its p95 on the idle service
// in the same run. The flood is 24 diff clients and 24 conversion clients (ntriples, rdfxml,
// jsonld in turn), all started at once; each asks until it gets its answer, waiting
// Retry-After after a 429 or 503, for a fixed time window (requests in flight then are
// awaited). Every answer must be a 200, 429 or 503 and the service must stay up; the flood's
// answers and the service's peak RSS are reported as details.
import { performance } from 'node:perf_hooks';
import { readFixture } from '../lib/fixtures.mjs';
import { sampleRss } from '../lib/rss-sampler.mjs';
import { percentile } from '../lib/stats.mjs';

// The quick smoke run floods with a smaller (1.1 MB) source, to stay well inside its time limit.
const FULL = { fixture: 'turtle/VOCAB_QUDT-UNITS-ALL.ttl', diffs: 24, conversions: 24, idleSeconds: 10, floodSeconds: 40 };
const QUICK = { fixture: 'turtle/schemaorg-current-https.ttl', diffs: 6, conversions: 6, idleSeconds: 3, floodSeconds: 8 };
const TARGETS = ['ntriples', 'rdfxml', 'jsonld'];
const PROBE_GAP_MS = 20;
const REQUEST_TIMEOUT_MS = 120_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** GET /me one after another until `until` (performance.now()); answers each one's milliseconds. */
async function probeMe(api, until) {
  const times = [];
  while (performance.now() < until) {
    const started = performance.now();
    const response = await api.request('GET', '/api/v1/me');
    if (response.status !== 200) throw new Error(`GET /api/v1/me answered ${response.status}: ${response.text.slice(0, 200)}`);
    times.push(performance.now() - started);
    await sleep(PROBE_GAP_MS);
  }
  return times;
}

/** One flood client: asks until it has an answer, waiting Retry-After after 429/503, until `until`. */
async function floodClient(api, path, until, tally) {
  while (performance.now() < until) {
    let response;
    try {
      response = await fetch(`${api.baseUrl}${path}`, { headers: { authorization: `Bearer ${api.token}` }, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      await response.arrayBuffer();
    } catch (error) {
      tally.failures.push(`${path}: ${error.message}`);
      return;
    }
    tally[response.status] = (tally[response.status] ?? 0) + 1;
    if (response.status === 200) return;
    if (response.status !== 429 && response.status !== 503) {
      tally.failures.push(`${path}: ${response.status}`);
      return;
    }
    const retryAfter = Number(response.headers.get('retry-after'));
    if (!(retryAfter > 0)) {
      tally.failures.push(`${path}: ${response.status} without Retry-After`);
      return;
    }
    await sleep(Math.min(retryAfter * 1000, Math.max(0, until - performance.now())));
  }
}

/** Runs `work` while sampling the RSS of the processes serving REST; the peak is the sum of theirs. */
async function withPeakRss(ctx, work) {
  const samplers = ctx.service.processes('rest-api').map((process) => sampleRss(process.pid));
  const outcome = await work().then(
    (result) => ({ result }),
    (error) => ({ error }),
  );
  const peaks = await Promise.all(samplers.map((sampler) => sampler.stop().catch(() => ({ peakMiB: 0 }))));
  if ('error' in outcome) throw outcome.error;
  return { result: outcome.result, peakMiB: peaks.reduce((sum, peak) => sum + peak.peakMiB, 0) };
}

export default {
  name: 'isolation',
  unit: 'ms',
  goal: '<= 3',
  baseline: 'p95 of GET /api/v1/me on the idle service in the same run',
  async run(ctx) {
    const shape = ctx.quick ? QUICK : FULL;
    const text = readFixture(shape.fixture);
    const { api: flooder } = await ctx.newUser('isolation-flood');
    const { api: bystander } = await ctx.newUser('isolation-me');
    const ontology = await flooder.createOntology({ title: `isolation ${shape.fixture}`, source: text, source_format: 'turtle', visibility: 'public' });
    const changed = `${text}\n<http://example.org/bench#isolation> <http://www.w3.org/2000/01/rdf-schema#label> "one more" .\n`;
    const patched = await flooder.request('PATCH', `/api/v1/ontologies/${ontology.id}`, { ontology: { source: changed } });
    if (patched.status !== 200) throw new Error(`PATCH answered ${patched.status}: ${patched.text.slice(0, 300)}`);

    const idle = await probeMe(bystander, performance.now() + shape.idleSeconds * 1000);

    const tally = { failures: [] };
    const until = performance.now() + shape.floodSeconds * 1000;
    const paths = [
      ...Array.from({ length: shape.diffs }, () => `/api/v1/ontologies/${ontology.id}/diff`),
      ...Array.from({ length: shape.conversions }, (_, i) => `/api/v1/ontologies/${ontology.id}/source?format=${TARGETS[i % TARGETS.length]}`),
    ];
    const { result: flooded, peakMiB: rssPeak } = await withPeakRss(ctx, async () => {
      const flood = Promise.all(paths.map((path) => floodClient(flooder, path, until, tally)));
      const probes = await probeMe(bystander, until);
      await flood;
      return probes;
    });

    if (!ctx.service.alive()) throw new Error('the service stopped during the flood');
    if (tally.failures.length > 0) throw new Error(`${tally.failures.length} flood request(s) failed, e.g. ${tally.failures[0]}`);
    const idleP95 = percentile(idle, 95);
    const floodP95 = percentile(flooded, 95);
    ctx.log(
      `/me p95 idle ${idleP95.toFixed(1)} ms (${idle.length} probes), under the flood ${floodP95.toFixed(1)} ms (${flooded.length} probes, max ${Math.max(...flooded).toFixed(0)} ms); ` +
        `flood answers: ${tally[200] ?? 0} × 200, ${tally[429] ?? 0} × 429, ${tally[503] ?? 0} × 503; service peak RSS ${Math.round(rssPeak)} MiB`,
    );
    return {
      value: floodP95,
      baseline_value: idleP95,
      details: { flood_200: tally[200] ?? 0, flood_429: tally[429] ?? 0, flood_503: tally[503] ?? 0, me_max_ms: Math.max(...flooded), rss_peak_mib: rssPeak },
    };
  },
};
