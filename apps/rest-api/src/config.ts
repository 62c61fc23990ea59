// The one configuration schema of the REST app, parsed once from the environment by main.ts.
import { tmpdir } from 'node:os';
import { z } from 'zod';
import { internalTokenSetting, logLevelSetting, parseEnv, shutdownTimeoutSetting, sourceSizeConfig, sourceSizeSettings, trustProxySetting, type EnvResult } from '@oms/platform';

const ConfigSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    BASE_URL: z
      .url({ protocol: /^https?$/ })
      .refine((value) => !/[?#]/.test(value), 'must not have a query or fragment')
      .optional(),
    DATA_DIR: z.string().min(1).default('./.data'),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    LOG_LEVEL: logLevelSetting.default('info'),
    REGISTRATION: z.enum(['open', 'closed']).default('open'),
    // Sign-ups per client address per minute (0: no limit).
    SIGN_UP_LIMIT: z.coerce.number().int().min(0).max(1_000_000).default(30),
    TRUST_PROXY: trustProxySetting,
    MCP_ENDPOINT: z.enum(['on', 'off']).default('on'),
    AUTH_ENDPOINT: z.enum(['on', 'off']).default('on'),
    CHROMIUM_PATH: z.string().min(1).optional(),
    REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
    RENDER_QUEUE: z.enum(['in-process', 'bullmq']).default('in-process'),
    AUTH_INTERNAL_URL: z.url({ protocol: /^https?$/ }).optional(),
    INTERNAL_TOKEN: internalTokenSetting.optional(),
    SHUTDOWN_TIMEOUT_MS: shutdownTimeoutSetting.default(10_000),
    // Worker threads for heavy work: checks, diffs and conversions of large sources (0: on the main thread). Default: min(2, cores).
    HEAVY_WORK_THREADS: z.coerce.number().int().min(0).max(64).optional(),
    // Heap of one heavy-work thread in MiB: a task that needs more is refused, the service stays up.
    HEAVY_WORK_HEAP_MIB: z.coerce.number().int().min(64).max(16_384).default(1024),
    // Diffs, conversions and large source checks one caller may have running at once (429 past it).
    HEAVY_REQUESTS_PER_CALLER: z.coerce.number().int().min(1).max(64).default(2),
    // How long an answer may wait for a client to take written bytes before the connection is dropped.
    RESPONSE_WRITE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
    // A request body must arrive within BODY_TIMEOUT_MS plus one second per BODY_MIN_BYTES_PER_SECOND received (else 408).
    BODY_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
    BODY_MIN_BYTES_PER_SECOND: z.coerce.number().int().min(1).max(1024 ** 3).default(65_536),
    // Source sizes (DESIGN 8): SOURCE_MAX_BYTES, TERMS_SYNC_MAX_BYTES, WHOLE_TEXT_SOURCE_MAX_BYTES, DIFF_STREAM_MIN_BYTES, CONVERSION_MAX_BYTES.
    ...sourceSizeSettings,
    // Where uploaded sources are spooled while they arrive (removed when the request ends). Default: the system's temporary folder.
    UPLOAD_DIR: z.string().min(1).optional(),
  })
  .refine((env) => env.RENDER_QUEUE !== 'bullmq' || env.REDIS_URL, { message: 'RENDER_QUEUE=bullmq needs REDIS_URL', path: ['RENDER_QUEUE'] })
  .transform((env) => ({
    port: env.PORT,
    host: env.HOST,
    baseUrl: (env.BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    logLevel: env.LOG_LEVEL,
    registration: env.REGISTRATION,
    signUpLimit: env.SIGN_UP_LIMIT,
    trustProxy: env.TRUST_PROXY,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    internalToken: env.INTERNAL_TOKEN,
    mcpEndpoint: env.MCP_ENDPOINT,
    authEndpoint: env.AUTH_ENDPOINT,
    chromiumPath: env.CHROMIUM_PATH,
    redisUrl: env.REDIS_URL,
    renderQueue: env.RENDER_QUEUE,
    authInternalUrl: env.AUTH_INTERNAL_URL?.replace(/\/+$/, ''),
    heavyWorkThreads: env.HEAVY_WORK_THREADS,
    heavyWorkHeapMiB: env.HEAVY_WORK_HEAP_MIB,
    heavyRequestsPerCaller: env.HEAVY_REQUESTS_PER_CALLER,
    responseWriteTimeoutMs: env.RESPONSE_WRITE_TIMEOUT_MS,
    bodyDeadline: { baseMs: env.BODY_TIMEOUT_MS, minBytesPerSecond: env.BODY_MIN_BYTES_PER_SECOND },
    ...sourceSizeConfig(env),
    uploadDir: env.UPLOAD_DIR ?? tmpdir(),
  }));

export type AppConfig = Readonly<z.output<typeof ConfigSchema>>;

/** Parses the environment; on failure answers one readable line per problem. */
export function loadConfig(env: Record<string, string | undefined>): EnvResult<z.output<typeof ConfigSchema>> {
  return parseEnv(ConfigSchema, env);
}

/** A config for tests and embedding, with the same defaults as the environment. */
export function configFrom(values: Record<string, string | undefined>): AppConfig {
  const result = loadConfig(values);
  if (!result.ok) throw new Error(`invalid config: ${result.problems.join('; ')}`);
  return result.config;
}
