// Every CPU-heavy step of the service (parsing and measuring a source at ingest, diffs between
// commits, conversions between RDF serializations) runs here. Large inputs go to one bounded
// pool of worker threads (piscina), so the event loop keeps answering everybody else's cheap
// requests: a diff of a 3 MB Turtle source takes seconds of CPU. Each worker has its own heap
// limit, so a task that needs more memory than one may use ends that worker (the answer says
// so), not the service; the queue is bounded, and past it a task is refused with 503 and
// Retry-After rather than wait behind many others. Small inputs run inline, where a thread
// hop would cost more than the work. The pool's threads run at nice 19, so that cheap requests
// go first; the check of a large upload, which its write's transaction waits for, has a pool of
// its own at the process's priority (docs/decisions.md "Streaming ingest").
import { availableParallelism } from 'node:os';
import { MessageChannel, type TransferListItem } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { AppError } from '@oms/domain';
import type { SourceFormat } from '@oms/formats';
import { describeSource, type TermsFileVerdict, type ConversionTarget, type SourceDescription, type SourceDiff, type SourceVerdict, type SourceVersion } from '@oms/ontology-tools';
import type { Logger } from '@oms/platform';
import { runHeavyTask, taskChars, type ConversionResult, type HeavyResult, type HeavyTask } from './heavy-tasks.js';
import { feedPort } from './source-port.js';

export type DiffTaskOptions = { limit?: number | undefined; textOnly: boolean; canonicalizeMs: number };

export type HeavyWork = {
  /** Inputs of at least this many characters are heavy: they run in a worker thread. */
  readonly offloadAtChars: number;
  /**
   * Parses and measures a source (ingest), with its terms unless `terms: false`. `background`:
   * for background terms, on their own thread (never ahead of, or in the way of, a request).
   */
  check(format: SourceFormat, text: string, options?: { terms?: boolean; background?: boolean }): Promise<SourceVerdict>;
  /**
   * Parses and measures a source held in a file, read as a stream (no terms): for sources in a
   * format with a streaming parser (isStreamedFormat), in the ingest pool (not niced). Its time
   * bound grows with its size. With `growing` the file is still arriving (`shared`: GrowingFile.shared): it is read as it
   * grows, `maxBytes` is the largest it may reach and `bytes` does not size anything (pass 0).
   */
  checkFile(format: SourceFormat, path: string, bytes: number, growing?: { shared: SharedArrayBuffer; maxBytes: number; arrivalMs?: number }): Promise<SourceVerdict>;
  /**
   * The terms of a source of `bytes` bytes given as its chunks (a stored source as the store
   * reads it), in a format with a streaming parser (isStreamedFormat), written to `outPath`:
   * for background terms, on their own thread, so a request's check never waits behind minutes
   * of term work. The worker pulls the chunks as it parses (source-port.ts: nothing is copied to
   * disk, a few chunks are held). A failed read of `source` throws its error.
   */
  termsFile(format: SourceFormat, source: AsyncIterable<Uint8Array>, bytes: number, outPath: string): Promise<TermsFileVerdict>;
  /** Compares two versions; 422 when the comparison needs more memory than one task may use. */
  diff(from: SourceVersion | null, to: SourceVersion, options: DiffTaskOptions): Promise<SourceDiff>;
  /** Writes an RDF source in another serialization; `ok: false` when it cannot be. */
  convert(format: SourceFormat, text: string, target: ConversionTarget): Promise<ConversionResult>;
  /** How a source is offered for download (a JSON source is parsed whole for it). */
  describe(format: SourceFormat, text: string): Promise<SourceDescription>;
  /** Ends the worker threads (both lanes); tasks after this run inline. */
  close(): Promise<void>;
};

export type HeavyWorkOptions = {
  /** Worker threads for heavy tasks (and as many more for large uploads' checks); 0 runs everything inline. */
  threads: number;
  /** Inputs of at least this many characters go to a worker. */
  offloadAtChars?: number;
  /** The compiled worker module; defaults to the one beside this file when running compiled. */
  workerFile?: URL;
  /** Heap of one worker, in MiB: a task that needs more is refused, the service stays up. */
  workerHeapMiB?: number;
  /** Tasks that may wait for a thread; past this a task is refused with 503. Default 8 per thread. */
  maxQueue?: number;
  /** A task that takes longer (waiting included) is stopped and answered 503 (retry later). */
  timeoutMs?: number;
  logger?: Pick<Logger, 'warn'>;
};

export const DEFAULT_OFFLOAD_AT_CHARS = 64 * 1024;
export const DEFAULT_WORKER_HEAP_MIB = 1024;
const DEFAULT_TIMEOUT_MS = 60_000;
const QUEUE_PER_THREAD = 8;
/**
 * Background terms (terms-file tasks and background checks) run in a lane of their own: one
 * thread, its queue bounded only by the background's own pace (one ontology at a time per
 * walk), and a time bound that does not count against anybody waiting.
 */
const BACKGROUND_THREADS = 1;
const BACKGROUND_QUEUE = 64;
const BACKGROUND_TIMEOUT_MS = 60 * 60_000;
/** Upload checks one ingest thread runs at once (they interleave while waiting for bytes). */
const INGEST_TASKS_PER_THREAD = 2;
/** The slowest parse a file check is given time for: 1 MB/s. */
const FILE_CHECK_BYTES_PER_MS = 1000;
// A thread takes about half a second to start (it loads every parser): keep it a while.
const IDLE_THREAD_MS = 15 * 60_000;

/**
 * Requests' heavy tasks; the check of a large upload (checkFile), which its client and a
 * transaction wait for; background terms (one thread of their own, see BACKGROUND_THREADS).
 */
type Lane = 'heavy' | 'ingest' | 'background';
/** Each lane's workers' nice value (Linux, per thread). */
const LANE_NICE: Record<Lane, number> = { heavy: 19, ingest: 0, background: 19 };

/**
 * One core is left to the event loop (and the database beside it): on 2 cores one worker thread,
 * at most 2. Measured with the `isolation` bench (decisions.md): a second thread on 2 cores let
 * the flood push another user's p95 to 3-4 times its idle value, one thread kept it under 3.
 */
export const defaultHeavyWorkThreads = (): number => Math.max(1, Math.min(2, availableParallelism() - 1));

/** The worker beside this module, when this module runs compiled (a worker cannot load .ts). */
function compiledWorkerFile(): URL | undefined {
  return import.meta.url.endsWith('.js') ? new URL('./heavy-work-worker.js', import.meta.url) : undefined;
}

const isOutOfMemory = (error: unknown) => (error as { code?: unknown } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY';

/** The task ran its worker out of heap: the input itself is too much for one task. */
class OutOfMemory extends Error {}

const busy = () =>
  new AppError('unavailable', { message: 'The service is busy with other diffs, conversions and source checks; retry in a few seconds.' });

export function createHeavyWork(options: HeavyWorkOptions): HeavyWork {
  const workerFile = options.workerFile ?? compiledWorkerFile();
  const offloadAtChars = options.offloadAtChars ?? DEFAULT_OFFLOAD_AT_CHARS;
  const heapMiB = options.workerHeapMiB ?? DEFAULT_WORKER_HEAP_MIB;
  const maxQueue = options.maxQueue ?? Math.max(1, options.threads) * QUEUE_PER_THREAD;
  /** The tasks a lane's pool may hold waiting: background terms have their own bound. */
  const queueOf = (lane: Lane) => (lane === 'background' ? BACKGROUND_QUEUE : maxQueue);
  const pooled = options.threads > 0 && workerFile !== undefined;
  /** Requests' tasks, large uploads' checks, and background terms' own (a lane of one thread: see BACKGROUND_THREADS). */
  const pools: Partial<Record<Lane, Piscina<HeavyTask, unknown>>> = {};
  let closed = false;

  const poolNow = (file: URL, lane: Lane) => {
    const existing = pools[lane];
    if (existing) return existing;
    const pool = new Piscina<HeavyTask, unknown>({
      filename: file.href,
      minThreads: 0,
      maxThreads: lane === 'background' ? BACKGROUND_THREADS : options.threads,
      idleTimeout: IDLE_THREAD_MS,
      maxQueue: queueOf(lane),
      resourceLimits: { maxOldGenerationSizeMb: heapMiB },
      // A check of an upload still arriving mostly waits for its bytes: two share a thread, so one
      // slow client does not hold every other large upload's check behind it.
      concurrentTasksPerWorker: lane === 'ingest' ? INGEST_TASKS_PER_THREAD : 1,
      workerData: { nice: LANE_NICE[lane] },
    });
    // A worker that fails outside a task (while starting) is reported here; the task it would
    // have run is bounded by its timeout.
    pool.on('error', (error: unknown) => options.logger?.warn({ err: error }, 'heavy-work worker failed'));
    pools[lane] = pool;
    return pool;
  };

  async function run<T extends HeavyTask>(
    task: T,
    timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    lane: Lane = 'heavy',
    transferList: TransferListItem[] = [],
  ): Promise<HeavyResult<T>> {
    const inline = () => runHeavyTask(task) as Promise<HeavyResult<T>>;
    // Closing: a request's small task may still finish inline, but an upload check or background
    // terms (minutes of work) are not moved onto the main thread while the service stops.
    if (closed && pooled && lane !== 'heavy') throw busy();
    if (!pooled || closed || taskChars(task) < offloadAtChars) return inline();
    const threads = poolNow(workerFile, lane);
    if (threads.queueSize >= queueOf(lane)) throw busy();
    try {
      return (await threads.run(task, { signal: AbortSignal.timeout(timeoutMs), transferList })) as HeavyResult<T>;
    } catch (error) {
      if (closed) {
        if (lane !== 'heavy') throw busy();
        return inline();
      }
      // The tasks themselves answer their refusals, so a failed task is a worker that ended or
      // a task that ran out of time. Out of its heap, the input itself is too much: refused,
      // never retried inline, where it could take the whole service down. Anything else (out
      // of time on a busy machine, a worker killed) is not the input's fault: 503, try again.
      options.logger?.warn({ err: error, kind: task.kind, chars: taskChars(task) }, 'heavy-work task failed');
      if (isOutOfMemory(error)) throw new OutOfMemory(`needs more memory than one task may use (${heapMiB} MiB)`);
      throw new AppError('unavailable', { message: 'The service could not finish this work in time; retry in a few seconds.', cause: error });
    }
  }

  return {
    offloadAtChars,
    async check(format, text, checkOptions) {
      try {
        const task: HeavyTask = checkOptions?.terms === false ? { kind: 'check', format, text, terms: false } : { kind: 'check', format, text };
        return (await (checkOptions?.background === true ? run(task, BACKGROUND_TIMEOUT_MS, 'background') : run(task))) as SourceVerdict;
      } catch (error) {
        if (!(error instanceof OutOfMemory)) throw error;
        return { ok: false, message: `the document could not be checked: parsing it ${error.message}` };
      }
    },
    async checkFile(format, path, bytes, growing) {
      // A large source parses at a few MB a second on a busy machine; one still arriving may take
      // as long as its upload is allowed to (`arrivalMs`: the body deadline; an upload cut off
      // stops the check through its spool, so the bound only catches a check that hangs).
      const parseMs = Math.max(options.timeoutMs ?? DEFAULT_TIMEOUT_MS, Math.ceil(Math.max(bytes, growing?.maxBytes ?? 0) / FILE_CHECK_BYTES_PER_MS));
      const timeoutMs = parseMs + (growing?.arrivalMs ?? 0);
      try {
        const task: HeavyTask = growing
          ? { kind: 'check-file', format, path, bytes, growing: { shared: growing.shared, maxBytes: growing.maxBytes } }
          : { kind: 'check-file', format, path, bytes };
        return (await run(task, timeoutMs, 'ingest')) as SourceVerdict;
      } catch (error) {
        if (!(error instanceof OutOfMemory)) throw error;
        return { ok: false, message: `the document could not be checked: parsing it ${error.message}` };
      }
    },
    async termsFile(format, source, bytes, outPath) {
      // Waiting behind other background work included (a request never waits here).
      const timeoutMs = Math.max(BACKGROUND_TIMEOUT_MS, Math.ceil(bytes / FILE_CHECK_BYTES_PER_MS));
      const channel = new MessageChannel();
      // Nothing is read before the task has a thread and pulls.
      const feeding = feedPort(channel.port1, source);
      let outcome: { verdict: TermsFileVerdict } | { error: unknown };
      try {
        outcome = { verdict: await run({ kind: 'terms-file', format, source: channel.port2, bytes, outPath }, timeoutMs, 'background', [channel.port2]) };
      } catch (error) {
        outcome = { error };
      }
      // The task is over (or never started): the source read ends, and is over when this goes on.
      channel.port1.close();
      const { failure } = await feeding;
      // The source could not be read: that is why, whatever the parse made of its cut-off stream.
      if (failure !== undefined) throw failure;
      if ('verdict' in outcome) return outcome.verdict;
      if (!(outcome.error instanceof OutOfMemory)) throw outcome.error;
      return { ok: false, message: `the terms could not be read: reading them ${outcome.error.message}` };
    },
    async diff(from, to, diffOptions) {
      try {
        const task = { kind: 'diff', from, to, textOnly: diffOptions.textOnly, canonicalizeMs: diffOptions.canonicalizeMs } as const;
        return await run(diffOptions.limit === undefined ? task : { ...task, limit: diffOptions.limit });
      } catch (error) {
        if (!(error instanceof OutOfMemory)) throw error;
        throw AppError.validation({ base: [`these versions are too large to compare: the diff ${error.message}; ask for the text diff (Accept: text/x-diff)`] });
      }
    },
    async convert(format, text, target) {
      try {
        return await run({ kind: 'convert', format, text, target });
      } catch (error) {
        if (!(error instanceof OutOfMemory)) throw error;
        return { ok: false, message: `converting it ${error.message}` };
      }
    },
    async describe(format, text) {
      try {
        return await run({ kind: 'describe', format, text });
      } catch (error) {
        if (!(error instanceof OutOfMemory)) throw error;
        // Too large to parse as JSON here: offered as what it is stored as, plain JSON.
        return describeSource(format, '');
      }
    },
    async close() {
      closed = true;
      const running = Object.values(pools);
      delete pools.heavy;
      delete pools.ingest;
      delete pools.background;
      await Promise.all(running.map((pool) => pool.destroy()));
    },
  };
}
