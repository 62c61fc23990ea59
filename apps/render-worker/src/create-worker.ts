// The BullMQ worker (STYLE 9): render jobs with a zod-checked payload; sources that can
// never render fail at once (UnrecoverableError), transient failures retry with backoff;
// a job that runs past its time limit fails and is retried.
import { UnrecoverableError, Worker, type ConnectionOptions, type Job } from 'bullmq';
import type { Logger } from '@oms/platform';
import { failedJobMessage, RENDER_QUEUE, runRenderJob, UnrenderableError, type Rasterizer, type SourceLoader } from '@oms/render';

export type WorkerDeps = {
  connection: ConnectionOptions;
  loadSource: SourceLoader;
  rasterizer: Rasterizer;
  logger: Logger;
  concurrency: number;
  jobTimeoutMs: number;
  lockDurationMs: number;
};

export function createRenderWorker(deps: WorkerDeps): Worker {
  const process = async (job: Job) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`render timed out after ${deps.jobTimeoutMs} ms`)), deps.jobTimeoutMs);
    });
    try {
      return await Promise.race([runRenderJob(job.data, deps), timeout]);
    } catch (error) {
      if (error instanceof UnrenderableError) throw new UnrecoverableError(failedJobMessage(error));
      throw error;
    } finally {
      clearTimeout(timer);
    }
  };
  const worker = new Worker(RENDER_QUEUE, process, {
    connection: deps.connection,
    concurrency: deps.concurrency,
    lockDuration: deps.lockDurationMs,
    stalledInterval: Math.max(1_000, Math.floor(deps.lockDurationMs / 2)),
  });
  worker.on('error', (error) => deps.logger.error({ err: error }, 'render worker error'));
  worker.on('failed', (job, error) => deps.logger.warn({ jobId: job?.id, err: error }, 'render job failed'));
  worker.on('completed', (job) => deps.logger.info({ jobId: job.id }, 'render job done'));
  return worker;
}
