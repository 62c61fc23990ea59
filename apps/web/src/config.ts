// The web interface's one configuration schema (DESIGN 9). It runs the ontology use cases
// itself (pages, diffs, downloads), so it also supplies their ServiceConfig.
import { tmpdir } from 'node:os';
import { z } from 'zod';
import { logLevelSetting, parseEnv, shutdownTimeoutSetting, sourceSizeConfig, sourceSizeSettings, trustProxySetting, type EnvResult } from '@oms/platform';

const ConfigSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3004),
    HOST: z.string().min(1).default('0.0.0.0'),
    BASE_URL: z.url({ protocol: /^https?$/ }),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }),
    TRUST_PROXY: trustProxySetting,
    LOG_LEVEL: logLevelSetting.default('info'),
    SHUTDOWN_TIMEOUT_MS: shutdownTimeoutSetting.default(10_000),
    HEAVY_WORK_THREADS: z.coerce.number().int().min(0).max(64).optional(),
    HEAVY_WORK_HEAP_MIB: z.coerce.number().int().min(64).max(16_384).default(1024),
    HEAVY_REQUESTS_PER_CALLER: z.coerce.number().int().min(1).max(64).default(2),
    // A request body must arrive within BODY_TIMEOUT_MS plus one second per BODY_MIN_BYTES_PER_SECOND received (else 408).
    BODY_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
    BODY_MIN_BYTES_PER_SECOND: z.coerce.number().int().min(1).max(1024 ** 3).default(65_536),
    // Source sizes (DESIGN 8), as the REST app reads them: SOURCE_MAX_BYTES, TERMS_SYNC_MAX_BYTES, WHOLE_TEXT_SOURCE_MAX_BYTES, DIFF_STREAM_MIN_BYTES, CONVERSION_MAX_BYTES.
    ...sourceSizeSettings,
    UPLOAD_DIR: z.string().min(1).optional(),
  })
  .transform((env) => ({
    port: env.PORT,
    host: env.HOST,
    baseUrl: env.BASE_URL.replace(/\/+$/, ''),
    databaseUrl: env.DATABASE_URL,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    // The rest of ServiceConfig: this app signs nobody up (the REST app does).
    registration: 'closed' as const,
    signUpLimit: 0,
    heavyWorkThreads: env.HEAVY_WORK_THREADS,
    heavyWorkHeapMiB: env.HEAVY_WORK_HEAP_MIB,
    heavyRequestsPerCaller: env.HEAVY_REQUESTS_PER_CALLER,
    bodyDeadline: { baseMs: env.BODY_TIMEOUT_MS, minBytesPerSecond: env.BODY_MIN_BYTES_PER_SECOND },
    ...sourceSizeConfig(env),
    uploadDir: env.UPLOAD_DIR ?? tmpdir(),
  }));

export type WebConfig = Readonly<z.output<typeof ConfigSchema>>;

export function loadConfig(env: Record<string, string | undefined>): EnvResult<WebConfig> {
  return parseEnv(ConfigSchema, env);
}
