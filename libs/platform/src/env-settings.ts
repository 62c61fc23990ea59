// Settings every app reads the same way; each app still has one config schema of its own.
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** LOG_LEVEL: pino's levels; each app gives its default. */
export const logLevelSetting = z.enum(LOG_LEVELS);

/** SHUTDOWN_TIMEOUT_MS: how long a clean stop may take before the process exits anyway. */
export const shutdownTimeoutSetting = z.coerce.number().int().min(100).max(120_000);

/**
 * TRUST_PROXY: express's "trust proxy": a hop count (the edge is 1), or true/false. A count is
 * what a deployment wants: `true` trusts every X-Forwarded-For entry, so a client's own spoofed
 * first entry would become its address (and key the per-address sign-in limit).
 */
export const trustProxySetting = z
  .union([z.literal('true'), z.literal('false'), z.string().regex(/^\d+$/)])
  .default('false')
  .transform((value) => (value === 'true' ? true : value === 'false' ? false : Number(value)));

/** INTERNAL_TOKEN: the shared secret of /internal/trpc between the apps. */
export const internalTokenSetting = z.string().min(32, 'must be at least 32 characters');
