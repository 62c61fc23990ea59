import { pino, type Logger } from 'pino';

export type { Logger };

/** One root logger per process: JSON lines on stdout (stderr for stdio servers). */
export function createLogger(options: { service: string; level: string; destination?: pino.DestinationStream }): Logger {
  return pino(
    {
      level: options.level,
      base: { service: options.service },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: ['req.headers.authorization', '*.password', '*.token'], censor: '[redacted]' },
    },
    options.destination,
  );
}
