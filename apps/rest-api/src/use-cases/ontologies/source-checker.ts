// Parses and measures sources for ingest. A large source (a 3 MB vocabulary takes 100 ms and
// more to parse) goes to a small pool of worker threads: the event loop keeps answering other
// requests meanwhile, the parse runs in a small heap whose garbage collection is cheap, and a
// document that needs more memory than a check may use ends one worker, not the service.
// Small sources are checked inline, where a thread hop would cost more than the parse.
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { AppError } from '@oms/domain';
import type { SourceFormat } from '@oms/formats';
import { checkAndMeasure, type SourceVerdict } from '@oms/ontology-tools';
import type { Logger } from '@oms/platform';
import type { SourceCheckTask } from './source-check-worker.js';

export type SourceChecker = {
  check(format: SourceFormat, text: string): Promise<SourceVerdict>;
  /** Ends the worker threads; checks after this run inline. */
  close(): Promise<void>;
};

export type SourceCheckerOptions = {
  /** Worker threads for large sources; 0 checks everything inline. */
  threads: number;
  /** Sources of at least this many characters go to a worker. */
  offloadAtChars?: number;
  /** The compiled worker module; defaults to the one beside this file when running compiled. */
  workerFile?: URL;
  /** Heap of one worker, in MiB: a check that needs more is refused, the service stays up. */
  workerHeapMiB?: number;
  /** A check that takes longer is stopped (its worker ended) and answered 503 (retry later). */
  timeoutMs?: number;
  logger?: Pick<Logger, 'warn'>;
};

const DEFAULT_OFFLOAD_AT_CHARS = 256 * 1024;
const DEFAULT_WORKER_HEAP_MIB = 1024;
const DEFAULT_TIMEOUT_MS = 60_000;
// A thread takes about half a second to start (it loads every parser): keep it a while.
const IDLE_THREAD_MS = 15 * 60_000;

export const defaultSourceCheckThreads = (): number => Math.min(2, availableParallelism());

/** The worker beside this module, when this module runs compiled (a worker cannot load .ts). */
function compiledWorkerFile(): URL | undefined {
  return import.meta.url.endsWith('.js') ? new URL('./source-check-worker.js', import.meta.url) : undefined;
}

const inline: SourceChecker = { check: checkAndMeasure, close: async () => undefined };

const isOutOfMemory = (error: unknown) => (error as { code?: unknown } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY';

export function createSourceChecker(options: SourceCheckerOptions): SourceChecker {
  const workerFile = options.workerFile ?? compiledWorkerFile();
  if (options.threads <= 0 || !workerFile) return inline;
  const offloadAt = options.offloadAtChars ?? DEFAULT_OFFLOAD_AT_CHARS;
  // A bounded queue: past it, a check runs inline rather than wait behind many others.
  const maxQueue = options.threads * 8;
  let pool: Piscina<SourceCheckTask, SourceVerdict> | undefined;
  let closed = false;

  const poolNow = () => {
    if (pool) return pool;
    pool = new Piscina<SourceCheckTask, SourceVerdict>({
      filename: workerFile.href,
      minThreads: 0,
      maxThreads: options.threads,
      idleTimeout: IDLE_THREAD_MS,
      maxQueue,
      resourceLimits: { maxOldGenerationSizeMb: options.workerHeapMiB ?? DEFAULT_WORKER_HEAP_MIB },
    });
    // A worker that fails outside a task (while starting) is reported here; the task it would
    // have run is bounded by its timeout.
    pool.on('error', (error: unknown) => options.logger?.warn({ err: error }, 'source check worker failed'));
    return pool;
  };

  return {
    async check(format, text) {
      if (closed || text.length < offloadAt) return checkAndMeasure(format, text);
      const threads = poolNow();
      if (threads.queueSize >= maxQueue) return checkAndMeasure(format, text);
      try {
        return await threads.run({ format, text }, { signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS) });
      } catch (error) {
        if (closed) return checkAndMeasure(format, text);
        // The checks themselves never throw (a parser error is a refusal), so a failed task is a
        // worker that ended or a check that ran out of time. Out of its heap, the document itself
        // is too much: refused, never retried inline, where it could take the whole service down.
        // Anything else (out of time on a busy machine, a worker killed) is not the document's
        // fault: 503, try again.
        options.logger?.warn({ err: error, format, chars: text.length }, 'source check worker failed');
        if (isOutOfMemory(error)) return { ok: false, message: 'the document could not be checked: parsing it needs more memory than a check may use' };
        throw new AppError('unavailable', { message: 'The service could not check this source in time; retry in a few seconds.', cause: error });
      }
    },
    async close() {
      closed = true;
      const running = pool;
      pool = undefined;
      await running?.destroy();
    },
  };
}
