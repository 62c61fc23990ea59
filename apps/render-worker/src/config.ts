// The render worker's one configuration schema.
import { z } from 'zod';
import { logLevelSetting, parseEnv, shutdownTimeoutSetting, type EnvResult } from '@oms/platform';

const ConfigSchema = z
  .object({
    REDIS_URL: z.url({ protocol: /^rediss?$/ }),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }),
    CHROMIUM_PATH: z.string().min(1).optional(),
    CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
    JOB_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(60_000),
    LOCK_DURATION_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
    PORT: z.coerce.number().int().min(0).max(65535).default(3003),
    HOST: z.string().min(1).default('0.0.0.0'),
    LOG_LEVEL: logLevelSetting.default('info'),
    SHUTDOWN_TIMEOUT_MS: shutdownTimeoutSetting.default(30_000),
  })
  .transform((env) => ({
    redisUrl: env.REDIS_URL,
    databaseUrl: env.DATABASE_URL,
    chromiumPath: env.CHROMIUM_PATH,
    concurrency: env.CONCURRENCY,
    jobTimeoutMs: env.JOB_TIMEOUT_MS,
    lockDurationMs: env.LOCK_DURATION_MS,
    port: env.PORT,
    host: env.HOST,
    logLevel: env.LOG_LEVEL,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
  }));

export type WorkerConfig = Readonly<z.output<typeof ConfigSchema>>;

export function loadConfig(env: Record<string, string | undefined>): EnvResult<WorkerConfig> {
  return parseEnv(ConfigSchema, env);
}
