// Settings every app reads the same way; each app still has one config schema of its own.
import { z } from 'zod';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** LOG_LEVEL: pino's levels; each app gives its default. */
export const logLevelSetting = z.enum(LOG_LEVELS);

/** SHUTDOWN_TIMEOUT_MS: how long a clean stop may take before the process exits anyway. */
export const shutdownTimeoutSetting = z.coerce.number().int().min(100).max(120_000);

/** INTERNAL_TOKEN: the shared secret of /internal/trpc between the apps. */
export const internalTokenSetting = z.string().min(32, 'must be at least 32 characters');
