// list-memory: peak RSS growth of the service while concurrent clients page through
// ontologies with large `other` sources, against the size of one page. Each repetition
// uses a freshly started service, so memory kept from an earlier repetition cannot hide growth.
// On the cluster the lists are served by the rest-api replicas (behind the edge's round
// robin): the value is the sum of each replica's own peak growth, which is at least their
// joint peak, so it never flatters (the edge's bounded proxy buffers are not counted).
import { get } from 'node:http';
import { sampleRss, rssMiB } from '../lib/rss-sampler.mjs';
import { repeat } from '../lib/repeat.mjs';
import { median } from '../lib/stats.mjs';

const MiB = 1024 * 1024;
const FULL = { ontologies: 25, sourceMiB: 4, clients: 4 };
const QUICK = { ontologies: 5, sourceMiB: 1, clients: 2 };

function largeSource(index, mib) {
  const line = `ontology ${index}: a line of free text that stands for a large document in no particular format.\n`;
  return `${line.repeat(Math.ceil((mib * MiB) / line.length))}`.slice(0, mib * MiB);
}

/** Reads one list page and drops it; answers the number of bytes received. */
function readPage(baseUrl, token, page, perPage) {
  return new Promise((resolve, reject) => {
    const url = `${baseUrl}/api/v1/ontologies?filter=my_accounts&page=${page}&per_page=${perPage}`;
    const req = get(url, { headers: { authorization: `Bearer ${token}` }, timeout: 120_000 }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () => (res.statusCode === 200 ? resolve(bytes) : reject(new Error(`list answered ${res.statusCode}`))));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('list page timed out')));
    req.on('error', reject);
  });
}

async function pageThrough(baseUrl, token, total, perPage) {
  let bytes = 0;
  for (let page = 1; page <= Math.ceil(total / perPage); page += 1) bytes += await readPage(baseUrl, token, page, perPage);
  return bytes;
}

const settle = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export default {
  name: 'list-memory',
  unit: 'MB',
  goal: '<= 0.5',
  baseline: 'size of one list page (the sources it carries), MB',
  async run(ctx) {
    const shape = ctx.quick ? QUICK : FULL;
    const perPage = shape.ontologies;
    const { api } = await ctx.newUser('list-memory');
    for (let i = 0; i < shape.ontologies; i += 1) {
      await api.createOntology({ title: `list-memory ${i}`, source: largeSource(i, shape.sourceMiB), source_format: 'other', visibility: 'private' });
    }
    const runs = await repeat({ times: ctx.quick ? 1 : 5, budgetMs: 150_000, log: ctx.log }, async () => {
      const service = await ctx.restartService();
      const processes = service.processes('rest-api');
      if (processes.length === 0) throw new Error('the target names no process serving REST');
      // Warm every replica (the edge balances round robin) before the baseline RSS.
      for (let i = 0; i < processes.length; i += 1) {
        await api.request('GET', '/api/v1/me');
        await readPage(service.url, api.token, 1, 1);
      }
      await settle(500);
      const before = processes.map(({ pid }) => rssMiB(pid));
      const samplers = processes.map(({ pid }) => sampleRss(pid));
      const bytes = await Promise.all(Array.from({ length: shape.clients }, () => pageThrough(service.url, api.token, shape.ontologies, perPage)));
      const peaks = await Promise.all(samplers.map((sampler) => sampler.stop()));
      const growths = peaks.map(({ peakMiB }, i) => Math.max(0, peakMiB - before[i]));
      return {
        growth: growths.reduce((sum, value) => sum + value, 0),
        growths,
        payload: bytes[0] / MiB,
        before: before.reduce((sum, value) => sum + value, 0),
        samples: peaks.map(({ samples }) => samples).join('+'),
      };
    });
    const perProcess = runs[0].growths.length > 1 ? ` (per replica: ${runs.map((r) => r.growths.map((g) => g.toFixed(0)).join('+')).join(', ')})` : '';
    ctx.log(
      `RSS before (MB): ${runs.map((r) => r.before.toFixed(0)).join(', ')}; growth (MB): ${runs.map((r) => r.growth.toFixed(0)).join(', ')}${perProcess}; ` +
        `page ${runs[0].payload.toFixed(1)} MB, ${shape.clients} clients, ${runs.map((r) => r.samples).join('/')} samples`,
    );
    return { value: median(runs.map((r) => r.growth)), baseline_value: median(runs.map((r) => r.payload)) };
  },
};
