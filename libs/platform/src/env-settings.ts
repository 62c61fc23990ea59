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

/**
 * How large sources are taken and served (DESIGN 8), read alike by every app that serves
 * ontologies (rest-api, web), so that a cluster's replicas agree. Spread into an app's schema.
 */
export const sourceSizeSettings = {
  // The largest source a multipart create or update (or the web upload form) takes, in bytes; JSON bodies keep their 10 MB.
  SOURCE_MAX_BYTES: z.coerce.number().int().min(1).max(2 ** 40).default(1024 ** 3),
  // Sources over this many bytes get their terms after the commit's answer (terms_status `indexing`). Default 10 MiB.
  TERMS_SYNC_MAX_BYTES: z.coerce.number().int().min(0).max(1024 ** 3).default(10 * 1024 * 1024),
  // The largest uploaded source of a format without a streaming parser (JSON, YAML, ORM2), which is parsed as one text; Turtle, N-Triples, RDF/XML and OWL stream up to SOURCE_MAX_BYTES.
  WHOLE_TEXT_SOURCE_MAX_BYTES: z.coerce.number().int().min(1).max(2 ** 29 - 24).default(256 * 1024 * 1024),
  // Diffs where a version is over this many bytes are line diffs streamed in bounded memory. Default 16 MiB.
  DIFF_STREAM_MIN_BYTES: z.coerce.number().int().min(0).max(2 ** 40).default(16 * 1024 * 1024),
  // The largest source a download converts to another serialization (a conversion holds it whole); larger is 406 naming the stored form.
  CONVERSION_MAX_BYTES: z.coerce.number().int().min(0).max(2 ** 29 - 24).default(32 * 1024 * 1024),
};

type SourceSizeEnv = { [K in keyof typeof sourceSizeSettings]: z.output<(typeof sourceSizeSettings)[K]> };

/** The ServiceConfig fields of `sourceSizeSettings`. */
export function sourceSizeConfig(env: SourceSizeEnv) {
  return {
    sourceMaxBytes: env.SOURCE_MAX_BYTES,
    termsSyncMaxBytes: env.TERMS_SYNC_MAX_BYTES,
    wholeTextSourceMaxBytes: env.WHOLE_TEXT_SOURCE_MAX_BYTES,
    diffStreamMinBytes: env.DIFF_STREAM_MIN_BYTES,
    conversionMaxBytes: env.CONVERSION_MAX_BYTES,
  };
}
