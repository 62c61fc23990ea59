// The cluster's BullMQ render queue seen from the bench: how many workers are connected,
// a global limit on jobs running at once (BullMQ's queue-level concurrency, enforced in
// Redis for every worker), and the finished jobs of given commits, to check how many ran
// at the same time.
import { Queue } from 'bullmq';

/** The queue's name in libs/render (RENDER_QUEUE). */
export const RENDER_QUEUE = 'render';

function connectionOf(redisUrl) {
  const url = new URL(redisUrl);
  return {
    host: url.hostname,
    port: Number(url.port || 6379),
    ...(url.pathname.length > 1 ? { db: Number(url.pathname.slice(1)) } : {}),
    maxRetriesPerRequest: null,
    connectTimeout: 5_000,
  };
}

/** Most jobs that ran at once, and the mean number running, from processedOn/finishedOn. */
export function overlap(jobs) {
  const events = jobs.flatMap((job) => [
    [job.processedOn, 1],
    [job.finishedOn, -1],
  ]);
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let running = 0;
  let most = 0;
  for (const [, step] of events) {
    running += step;
    most = Math.max(most, running);
  }
  const busy = jobs.reduce((sum, job) => sum + (job.finishedOn - job.processedOn), 0);
  const span = Math.max(...jobs.map((job) => job.finishedOn)) - Math.min(...jobs.map((job) => job.processedOn));
  return { most, mean: span > 0 ? busy / span : 0 };
}

export function renderQueueControl(redisUrl) {
  const connection = connectionOf(redisUrl);
  const queue = new Queue(RENDER_QUEUE, { connection });
  queue.on('error', () => undefined);
  return {
    /** Workers connected to this queue now (CLIENT LIST is server-wide: other databases' workers are left out). */
    workerCount: async () => (await queue.getWorkers()).filter((worker) => Number(worker.db ?? 0) === (connection.db ?? 0)).length,
    /** At most `slots` jobs run at once across all workers; undefined lifts the limit. */
    async limitSlots(slots) {
      if (slots === undefined) await queue.removeGlobalConcurrency();
      else await queue.setGlobalConcurrency(slots);
    },
    /** The finished PNG jobs of these commits (job id as libs/render makes it from renderKey). */
    async finishedPngJobs(commitHashes) {
      const jobs = await Promise.all(commitHashes.map((hash) => queue.getJob(`${hash}:png:first`.replace(/:/g, '_'))));
      return jobs.filter((job) => job?.processedOn && job.finishedOn).map((job) => ({ processedOn: job.processedOn, finishedOn: job.finishedOn }));
    },
    close: () => queue.close(),
  };
}
