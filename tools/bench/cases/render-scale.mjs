// render-scale (cluster only): renders per second with both render workers against one.
// Every render is GET /api/v1/ontologies/:id/diagram.png of orm/Warehousing.orm through the
// edge, each of a commit not rendered before (distinct versions, so distinct commit hashes
// and render-job ids: neither the Redis result cache nor a queued duplicate answers it),
// from CONCURRENT clients at once, so the queue never runs dry while a worker is free.
//
// "One worker" is BullMQ's queue-wide concurrency limit set to 1 in Redis (each worker runs
// CONCURRENCY=1 job, the cluster's default): one render at a time, exactly what one worker
// process can do, while both processes stay up. Stopping a worker process is not an option:
// `npm run cluster` takes any app's exit as a failure and stops the whole cluster. The
// finished jobs' start and end times are checked: at most one ran at a time with the limit.
// Repetitions alternate which configuration goes first.
import { performance } from 'node:perf_hooks';
import { readFixture } from '../lib/fixtures.mjs';
import { descendantsOf } from '../lib/process-tree.mjs';
import { overlap, renderQueueControl } from '../lib/render-queue.mjs';
import { repeat } from '../lib/repeat.mjs';
import { median } from '../lib/stats.mjs';

const FIXTURE = 'orm/Warehousing.orm';
const CONCURRENT = 4;
const FULL = { renders: 12, times: 5, warmRenders: 4 };
const QUICK = { renders: 4, times: 1, warmRenders: 2 };

async function renderPng(baseUrl, token, id) {
  const response = await fetch(`${baseUrl}/api/v1/ontologies/${id}/diagram.png`, {
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(120_000),
  });
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) throw new Error(`diagram.png answered ${response.status}: ${body.toString().slice(0, 200)}`);
  if (body.subarray(1, 4).toString() !== 'PNG') throw new Error('diagram.png is not a PNG');
}

/** Renders every ontology once from `clients` concurrent clients; renders per second. */
async function renderRate(baseUrl, token, ontologies, clients) {
  let next = 0;
  const client = async () => {
    while (next < ontologies.length) {
      const ontology = ontologies[next];
      next += 1;
      await renderPng(baseUrl, token, ontology.id);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: clients }, client));
  return ontologies.length / ((performance.now() - started) / 1000);
}

/** Creates `count` ORM ontologies, each a distinct commit (version <major>.<minor>.<i>), CONCURRENT at a time. */
async function createOntologies(api, source, count, major, minor) {
  const created = new Array(count);
  let next = 0;
  const creator = async () => {
    while (next < count) {
      const i = next;
      next += 1;
      const version = `${major}.${minor}.${i}`;
      created[i] = await api.createOntology({ title: `render-scale ${version}`, source, source_format: 'orm', version, visibility: 'private' });
    }
  };
  await Promise.all(Array.from({ length: CONCURRENT }, creator));
  return created;
}

export default {
  name: 'render-scale',
  unit: 'renders/s',
  goal: '>= 1.5',
  baseline: 'the same cluster limited to one render at a time (BullMQ global concurrency 1: one worker\'s capacity)',
  skip: {
    embedded: 'needs --target cluster: it compares two render-worker processes with one; the single process renders in itself, one at a time',
    postgres: 'needs --target cluster: it compares two render-worker processes with one; the single process renders in itself, one at a time',
  },
  async run(ctx) {
    const shape = ctx.quick ? QUICK : FULL;
    const service = ctx.service;
    const workers = service.processes('render-worker');
    if (workers.length < 2) throw new Error(`needs two render workers, the target has ${workers.length}`);
    const { api, user } = await ctx.newUser('render-scale');
    const source = readFixture(FIXTURE);
    let started = performance.now();
    const warm = await createOntologies(api, source, shape.warmRenders, 1, 0);
    const sets = [];
    for (let i = 0; i < shape.times; i += 1) {
      sets.push({ one: await createOntologies(api, source, shape.renders, 2, i), two: await createOntologies(api, source, shape.renders, 3, i) });
    }
    ctx.log(`created ${warm.length + 2 * shape.times * shape.renders} ontologies (distinct commits) in ${Math.round(performance.now() - started)} ms`);

    const queue = renderQueueControl(service.redisUrl);
    try {
      const connected = await queue.workerCount();
      if (connected !== workers.length) throw new Error(`${connected} render workers are connected to the queue, the cluster started ${workers.length}`);
      await queue.limitSlots(undefined);
      // Both workers launch their Chromium on their first job: warm both before measuring.
      started = performance.now();
      await renderRate(service.url, user.token, warm, CONCURRENT);
      const cold = workers.filter(({ pid }) => descendantsOf(pid).length === 0).map(({ name }) => name);
      ctx.log(`warm-up: ${warm.length} renders in ${Math.round(performance.now() - started)} ms${cold.length > 0 ? `; no browser yet in ${cold.join(', ')}` : '; both workers have their browser'}`);

      const measure = async (slots, ontologies) => {
        await queue.limitSlots(slots === 1 ? 1 : undefined);
        const rate = await renderRate(service.url, user.token, ontologies, CONCURRENT);
        const jobs = await queue.finishedPngJobs(ontologies.map((ontology) => ontology.head_hash));
        if (jobs.length !== ontologies.length) throw new Error(`found ${jobs.length} of ${ontologies.length} finished render jobs in the queue`);
        const ran = overlap(jobs);
        if (slots === 1 && ran.most > 1) throw new Error(`the one-worker limit did not hold: ${ran.most} renders ran at once`);
        return { rate, ran };
      };
      const runs = await repeat({ times: shape.times, budgetMs: 150_000, log: ctx.log }, async (i) => {
        const { one: oneSet, two: twoSet } = sets[i];
        if (i % 2 === 0) {
          const one = await measure(1, oneSet);
          return { one, two: await measure(2, twoSet) };
        }
        const two = await measure(2, twoSet);
        return { one: await measure(1, oneSet), two };
      });
      ctx.log(
        `${CONCURRENT} clients, ${shape.renders} renders per run; renders/s with two workers: ${runs.map((r) => r.two.rate.toFixed(2)).join(', ')}; ` +
          `with one: ${runs.map((r) => r.one.rate.toFixed(2)).join(', ')}`,
      );
      ctx.log(
        `renders running at once (mean over the run), two workers: ${runs.map((r) => r.two.ran.mean.toFixed(2)).join(', ')}; ` +
          `one: ${runs.map((r) => r.one.ran.mean.toFixed(2)).join(', ')}`,
      );
      return { value: median(runs.map((r) => r.two.rate)), baseline_value: median(runs.map((r) => r.one.rate)) };
    } finally {
      await queue.limitSlots(undefined).catch(() => undefined);
      await queue.close();
    }
  },
};
