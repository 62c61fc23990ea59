import { pino, type Logger } from 'pino';

export type { Logger };

/** The one root logger: JSON lines to stdout; requests get children with their id. */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'rest-api' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: ['req.headers.authorization', '*.password', '*.token'], censor: '[redacted]' },
    },
    destination,
  );
}
