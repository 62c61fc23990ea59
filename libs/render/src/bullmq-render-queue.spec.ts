// The BullMQ producer against a real redis-server that the test stops and starts again: a
// render while Redis is away is refused fast (never waits for Redis to return), a render
// waiting for its result learns at once that the connection dropped, and renders work
// again by themselves once Redis is back.
import { existsSync } from 'node:fs';
import { freePort, RedisProcess, REDIS_SERVER, suiteCanRun } from '@oms/testing';
import { UnrecoverableError, Worker } from 'bullmq';
import { afterEach, describe, expect, it } from 'vitest';
import { bullmqRenderQueue, failedJobMessage, redisConnectionOptions } from './bullmq-render-queue.js';
import { NoSuchDiagramError, UnrenderableError } from './render-job.js';
import { queueConnected } from './connection-watch.js';
import { RENDER_QUEUE, RenderUnavailableError, type RenderQueue } from './render-queue.js';

const ID = '01a20413-0000-7000-8000-000000000000';
const hash = (n: number) => `sha256:${n.toString(16).padStart(64, '0')}`;

describe.runIf(suiteCanRun('the BullMQ suite', { [`redis-server (${REDIS_SERVER})`]: existsSync(REDIS_SERVER) }))('bullmqRenderQueue with Redis going away', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function setUp(jobMs: number, fail?: Error) {
    const server = new RedisProcess(await freePort());
    const start = () => server.start();
    const stop = () => server.stop({ abrupt: true });
    await start();
    cleanups.push(() => stop());
    const connection = redisConnectionOptions(server.url);
    const worker = new Worker(
      RENDER_QUEUE,
      async () => {
        await new Promise((resolve) => setTimeout(resolve, jobMs));
        if (fail) throw fail;
        return { svg: '<svg/>', width: 1, height: 1, scale: 1, summary: { objectTypes: 0 } };
      },
      { connection },
    );
    worker.on('error', () => undefined);
    cleanups.push(() => worker.close(true));
    const queue: RenderQueue = bullmqRenderQueue(connection, { connectWaitMs: 1_000 });
    cleanups.push(() => queue.close());
    return { queue, worker, start, stop };
  }

  it('when Redis is stopped then a render is refused within the connect wait, and after it is back renders succeed again', async () => {
    const { queue, start, stop } = await setUp(10);
    expect((await queue.render({ ontologyId: ID, commitHash: hash(1) }, { timeoutMs: 10_000 })).svg).toBe('<svg/>');

    await stop();
    const started = Date.now();
    const refused = await queue.render({ ontologyId: ID, commitHash: hash(2) }, { timeoutMs: 10_000 }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RenderUnavailableError);
    expect(Date.now() - started).toBeLessThan(2_500);

    await start();
    const deadline = Date.now() + 10_000;
    let result: unknown;
    while (Date.now() < deadline) {
      result = await queue.render({ ontologyId: ID, commitHash: hash(3) }, { timeoutMs: 5_000 }).catch((e: unknown) => e);
      if (!(result instanceof Error)) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(result).toMatchObject({ svg: '<svg/>' });
  }, 30_000);

  it.each([
    ['a missing diagram', new NoSuchDiagramError('no diagram "X"; the model has 1: "Main"'), NoSuchDiagramError],
    ['a source that does not parse', new UnrenderableError('the ORM source does not parse: line 1'), UnrenderableError],
  ])('when the worker cannot render %s then the producer gets the same kind of error back', async (_label, error, kind) => {
    const { queue } = await setUp(0, new UnrecoverableError(failedJobMessage(error)));
    const refused = await queue.render({ ontologyId: ID, commitHash: hash(9) }, { timeoutMs: 10_000 }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(kind);
    expect((refused as Error).message).toBe(error.message);
    if (kind === UnrenderableError) expect(refused).not.toBeInstanceOf(NoSuchDiagramError);
  }, 30_000);

  it('when Redis goes away while a render waits for its result then it is refused at once, not at its timeout', async () => {
    const { queue, start, stop } = await setUp(5_000);
    const waiting = queue.render({ ontologyId: ID, commitHash: hash(4) }, { timeoutMs: 20_000 }).catch((e: unknown) => e);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const stopped = Date.now();
    await stop();
    const refused = await waiting;
    expect(refused).toBeInstanceOf(RenderUnavailableError);
    expect(Date.now() - stopped).toBeLessThan(1_000);
    await start(); // so the worker can close cleanly
  }, 30_000);

  it('when Redis is stopped then the worker reports itself not connected (readiness), and connected again once it is back', async () => {
    const { worker, start, stop } = await setUp(10);
    await worker.waitUntilReady();
    expect(await queueConnected(worker)).toBe(true);
    await stop();
    const started = Date.now();
    while ((await queueConnected(worker, 500)) && Date.now() - started < 2_000) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await queueConnected(worker, 500)).toBe(false);
    expect(Date.now() - started).toBeLessThan(2_000);
    await start();
    const deadline = Date.now() + 10_000;
    while (!(await queueConnected(worker, 200)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await queueConnected(worker)).toBe(true);
  }, 30_000);

  it('when Redis is away at shutdown then closing the queue still ends within a few seconds', async () => {
    const { queue, start, stop } = await setUp(10);
    await stop();
    const started = Date.now();
    await queue.close();
    expect(Date.now() - started).toBeLessThan(4_000);
    await start();
  }, 30_000);
});
