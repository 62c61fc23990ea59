// Rendering across processes: two render-worker processes on a real Redis share twenty
// jobs; a worker killed mid-job has its job finished by the other.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Queue, QueueEvents } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suiteCanRun } from '@oms/testing';
import { databaseEnv, ROOT, signUp, startApp, type RunningApp } from './support/processes.js';

const REDIS = process.env['REDIS_URL'];
const POSTGRES = process.env['DATABASE_URL'];

// A Redis database of its own, so other runs' queues do not mix in.
const redisUrl = REDIS ? `${REDIS.replace(/\/\d*$/, '')}/7` : '';
const connection = () => {
  const url = new URL(redisUrl);
  return { host: url.hostname, port: Number(url.port || 6379), db: 7, maxRetriesPerRequest: null };
};
const source = readFileSync(path.join(ROOT, '..', 'shared', 'fixtures', 'ontologies', 'orm', 'SimplestUnary.orm'), 'utf8');

describe.runIf(suiteCanRun('the render-worker suite', { 'Redis (REDIS_URL)': Boolean(REDIS), 'PostgreSQL (DATABASE_URL)': Boolean(POSTGRES) }))('render-worker processes', () => {
  let rest: RunningApp;
  const workers: RunningApp[] = [];
  let database: Awaited<ReturnType<typeof databaseEnv>>;
  let queue: Queue;
  let events: QueueEvents;

  beforeAll(async () => {
    database = await databaseEnv();
    queue = new Queue('render', { connection: connection() });
    await queue.obliterate({ force: true });
    events = new QueueEvents('render', { connection: connection() });
    await events.waitUntilReady();
    rest = await startApp('rest-api', database.env);
    const env = { ...database.env, REDIS_URL: redisUrl, LOCK_DURATION_MS: '2000', CONCURRENCY: '1' };
    workers.push(await startApp('render-worker', env), await startApp('render-worker', env));
  }, 120_000);
  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.stop()));
    await rest?.stop();
    await events?.close();
    await queue?.obliterate({ force: true }).catch(() => undefined);
    await queue?.close();
    await database?.dispose();
  });

  it('when twenty jobs run on two workers and one is killed mid-job then every job is done once', async () => {
    const user = await signUp(rest.url);
    const jobs: { ontologyId: string; commitHash: string }[] = [];
    for (let i = 0; i < 20; i++) {
      const response = await fetch(`${rest.url}/api/v1/ontologies`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
        body: JSON.stringify({ ontology: { title: `r${i}`, source, source_format: 'orm', version: `1.0.${i}` } }),
      });
      const body = (await response.json()) as { id: string; head_hash: string };
      jobs.push({ ontologyId: body.id, commitHash: body.head_hash });
    }
    const completed = new Map<string, number>();
    events.on('completed', ({ jobId }) => completed.set(jobId, (completed.get(jobId) ?? 0) + 1));
    const added = await queue.addBulk(
      jobs.map((payload, i) => ({ name: 'render', data: { ...payload, output: 'png' }, opts: { jobId: `job-${i}`, attempts: 3 } })),
    );
    expect(added).toHaveLength(20);

    // Kill the first worker while both are busy.
    const deadline = Date.now() + 60_000;
    while ((await queue.getActiveCount()) < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    workers[0]?.process.kill('SIGKILL');

    while (completed.size < 20 && Date.now() < deadline + 60_000) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(completed.size).toBe(20);
    expect([...completed.values()].every((count) => count === 1)).toBe(true);
    const finished = await Promise.all(added.map((job) => queue.getJob(job.id ?? '')));
    for (const job of finished) {
      expect(job?.returnvalue?.pngBase64?.length).toBeGreaterThan(100);
    }
    const retried = finished.filter((job) => (job?.stalledCounter ?? 0) > 0 || (job?.attemptsStarted ?? 0) > 1);
    expect(retried.length).toBeGreaterThanOrEqual(1);
  }, 180_000);
});
