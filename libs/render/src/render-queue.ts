// Renders go through a queue behind one interface (STYLE 9): BullMQ to render-worker
// processes when Redis is configured, otherwise in this process with the same job code.
// Results are cached by commit hash and options, so the same head renders once.
import { Queue, QueueEvents, type ConnectionOptions } from 'bullmq';
import { RenderJobPayload, renderKey, runRenderJob, UnrenderableError, type RenderOutput, type SourceLoader } from './render-job.js';
import type { Rasterizer } from './rasterizer.js';

export const RENDER_QUEUE = 'render';

export type RenderQueue = {
  render(payload: RenderJobPayload, options?: { timeoutMs?: number }): Promise<RenderOutput>;
  close(): Promise<void>;
};

export class RenderTimeoutError extends Error {}

const DEFAULT_TIMEOUT_MS = 60_000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new RenderTimeoutError(`the render took longer than ${ms / 1000} s`)), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** In-process: one render at a time (Chromium is the expensive part), small LRU cache. */
export function inProcessRenderQueue(deps: { loadSource: SourceLoader; rasterizer: Rasterizer; cacheSize?: number }): RenderQueue {
  const cache = new Map<string, Promise<RenderOutput>>();
  let chain: Promise<unknown> = Promise.resolve();
  return {
    render: (input, options = {}) => {
      const payload = RenderJobPayload.parse(input);
      const key = renderKey(payload);
      const cached = cache.get(key);
      if (cached) return withTimeout(cached, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
      const job = chain.then(() => runRenderJob(payload, deps));
      chain = job.catch(() => undefined);
      cache.set(key, job);
      job.catch(() => cache.delete(key));
      while (cache.size > (deps.cacheSize ?? 32)) cache.delete(cache.keys().next().value as string);
      return withTimeout(job, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    },
    close: () => deps.rasterizer.close(),
  };
}

/** BullMQ producer: the job id is the cache key, so a finished render is answered from Redis. */
export function bullmqRenderQueue(connection: ConnectionOptions): RenderQueue {
  const queue = new Queue(RENDER_QUEUE, { connection });
  const events = new QueueEvents(RENDER_QUEUE, { connection });
  queue.on('error', () => undefined);
  events.on('error', () => undefined);
  return {
    render: async (input, options = {}) => {
      const payload = RenderJobPayload.parse(input);
      await events.waitUntilReady();
      const job = await queue.add(RENDER_QUEUE, payload, {
        jobId: renderKey(payload).replace(/:/g, '_'),
        attempts: 3,
        backoff: { type: 'exponential', delay: 500 },
        removeOnComplete: { age: 24 * 3600, count: 500 },
        removeOnFail: { age: 600 },
      });
      try {
        return (await job.waitUntilFinished(events, options.timeoutMs ?? DEFAULT_TIMEOUT_MS)) as RenderOutput;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (/timed out|timeout/i.test(message)) throw new RenderTimeoutError(message);
        if (message.startsWith('unrenderable: ')) throw new UnrenderableError(message.slice('unrenderable: '.length));
        throw error;
      }
    },
    close: async () => {
      await events.close();
      await queue.close();
    },
  };
}

/** BullMQ connection settings from a redis:// URL (workers need maxRetriesPerRequest: null). */
export function redisConnectionOptions(url: string): ConnectionOptions {
  const parsed = new URL(url);
  return {
    host: parsed.hostname,
    port: Number(parsed.port || 6379),
    ...(parsed.username ? { username: decodeURIComponent(parsed.username) } : {}),
    ...(parsed.password ? { password: decodeURIComponent(parsed.password) } : {}),
    ...(parsed.pathname.length > 1 ? { db: Number(parsed.pathname.slice(1)) } : {}),
    ...(parsed.protocol === 'rediss:' ? { tls: {} } : {}),
    maxRetriesPerRequest: null,
  };
}
