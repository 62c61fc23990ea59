// Renders go through a queue behind one interface (STYLE 9): BullMQ to render-worker
// processes when Redis is configured, otherwise in this process with the same job code.
// Results are cached by commit hash and options, so the same head renders once.
import { RenderJobPayload, renderKey, runRenderJob, type RenderOutput, type SourceLoader } from './render-job.js';
import type { Rasterizer } from './rasterizer.js';

export const RENDER_QUEUE = 'render';

export type RenderQueue = {
  render(payload: RenderJobPayload, options?: { timeoutMs?: number }): Promise<RenderOutput>;
  close(): Promise<void>;
};

export class RenderTimeoutError extends Error {}

/** The queue (Redis) is unreachable: nothing was rendered, retrying later may succeed. */
export class RenderUnavailableError extends Error {}

export const DEFAULT_TIMEOUT_MS = 60_000;

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
