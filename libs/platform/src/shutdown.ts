import type { Logger } from './logger.js';

/**
 * Runs `stop` once on SIGTERM or SIGINT, then exits; a stop that hangs past the deadline
 * exits non-zero instead of hanging the process.
 */
export function onShutdownSignal(logger: Logger, deadlineMs: number, stop: () => Promise<void>): void {
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const hardStop = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, deadlineMs);
    hardStop.unref();
    try {
      await stop();
      logger.info('stopped');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/** Prints one line per configuration problem to stderr and exits non-zero. */
export function exitOnConfigProblems(problems: string[]): never {
  for (const problem of problems) process.stderr.write(`config error: ${problem}\n`);
  process.exit(1);
}
