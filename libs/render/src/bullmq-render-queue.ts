// The BullMQ producer side of the render queue: the job id is the cache key, so a finished
// render is answered from Redis. While Redis is unreachable a render is refused at once
// (RenderUnavailableError) instead of waiting for Redis to come back: the request needing it
// answers "unavailable, retry later", and the connections keep reconnecting on their own.
import { Queue, QueueEvents, type ConnectionOptions } from 'bullmq';
import { FAIL_FAST_REDIS_OPTIONS, isRedisUnavailable, reconnectDelay } from '@oms/platform';
import { NoSuchDiagramError, RenderJobPayload, renderKey, UnrenderableError, type RenderOutput } from './render-job.js';
import { DEFAULT_TIMEOUT_MS, RENDER_QUEUE, RenderTimeoutError, RenderUnavailableError, type RenderQueue } from './render-queue.js';
import { watchConnections } from './connection-watch.js';

export type BullmqRenderQueueOptions = {
  /** How long a render waits for a connection that is (re)connecting before it is refused. */
  connectWaitMs?: number;
};

const UNAVAILABLE = 'the render queue (Redis) is not reachable right now';

/** How a worker marks a job that can never render (see failedJobMessage). */
const UNRENDERABLE = 'unrenderable: ';
const NO_SUCH_DIAGRAM = 'no-such-diagram: ';

/** The failure message a worker gives a job that can never render; `refusal` reads it back. */
export function failedJobMessage(error: UnrenderableError): string {
  return `${error instanceof NoSuchDiagramError ? NO_SUCH_DIAGRAM : UNRENDERABLE}${error.message}`;
}

function refusal(error: unknown): Error {
  if (error instanceof RenderUnavailableError) return error;
  if (isRedisUnavailable(error)) return new RenderUnavailableError(UNAVAILABLE, { cause: error });
  const message = error instanceof Error ? error.message : String(error);
  if (/timed out|timeout/i.test(message)) return new RenderTimeoutError(message);
  // The worker's failures cross processes as text; these prefixes bring their kind back.
  if (message.startsWith(NO_SUCH_DIAGRAM)) return new NoSuchDiagramError(message.slice(NO_SUCH_DIAGRAM.length));
  if (message.startsWith(UNRENDERABLE)) return new UnrenderableError(message.slice(UNRENDERABLE.length));
  return error instanceof Error ? error : new Error(message);
}

/** True when `work` settled (either way) within `ms`. */
async function settledWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const settled = work.then(
    () => true,
    () => true,
  );
  try {
    return await Promise.race([settled, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function bullmqRenderQueue(connection: ConnectionOptions, options: BullmqRenderQueueOptions = {}): RenderQueue {
  // The producer's commands fail at once while disconnected (no offline queue); the events
  // reader blocks on Redis by design (BullMQ requires it to retry forever).
  const queue = new Queue(RENDER_QUEUE, {
    connection: { ...(connection as object), ...FAIL_FAST_REDIS_OPTIONS, commandTimeout: 5_000 } as ConnectionOptions,
  });
  const events = new QueueEvents(RENDER_QUEUE, { connection });
  // Connection errors are expected while Redis is away; the renders that need it are refused.
  queue.on('error', () => undefined);
  events.on('error', () => undefined);
  const link = watchConnections([queue.getBackend(), events.getBackend()]);
  const connectWaitMs = options.connectWaitMs ?? 2_000;
  let closing: Promise<void> | undefined;

  return {
    render: async (input, renderOptions = {}) => {
      const payload = RenderJobPayload.parse(input);
      if (!(await link.whenUp(connectWaitMs))) throw new RenderUnavailableError(UNAVAILABLE);
      const lost = link.nextDown(() => new RenderUnavailableError(`${UNAVAILABLE} (the connection was lost during the render)`));
      try {
        const job = await Promise.race([
          queue.add(RENDER_QUEUE, payload, {
            jobId: renderKey(payload).replace(/:/g, '_'),
            attempts: 3,
            backoff: { type: 'exponential', delay: 500 },
            removeOnComplete: { age: 24 * 3600, count: 500 },
            removeOnFail: { age: 600 },
          }),
          lost.promise,
        ]);
        return (await Promise.race([job.waitUntilFinished(events, renderOptions.timeoutMs ?? DEFAULT_TIMEOUT_MS), lost.promise])) as RenderOutput;
      } catch (error) {
        throw refusal(error);
      } finally {
        lost.cancel();
      }
    },
    close: () =>
      (closing ??= (async () => {
        link.stop();
        // A graceful close waits for Redis; while it is away, drop the connections after 2 s.
        const graceful = Promise.all([events.close(), queue.close()]).then(() => true);
        if (!(await settledWithin(graceful, 2_000))) await settledWithin(Promise.all([events.disconnect(), queue.disconnect()]), 1_000);
      })()),
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
    // Reconnect within 2 s of Redis coming back (BullMQ's own default backs off to 20 s).
    retryStrategy: reconnectDelay,
  };
}
