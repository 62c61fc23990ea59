// The authorization server's one configuration schema. It runs the account use cases itself
// (sign-in checks and the settings area), so it also supplies their ServiceConfig.
import { z } from 'zod';
import { logLevelSetting, parseEnv, shutdownTimeoutSetting, trustProxySetting, type EnvResult } from '@oms/platform';

const ConfigSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3002),
    HOST: z.string().min(1).default('0.0.0.0'),
    BASE_URL: z.url({ protocol: /^https?$/ }),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }),
    REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
    TRUST_PROXY: trustProxySetting,
    LOG_LEVEL: logLevelSetting.default('info'),
    SHUTDOWN_TIMEOUT_MS: shutdownTimeoutSetting.default(10_000),
  })
  .transform((env) => ({
    port: env.PORT,
    host: env.HOST,
    baseUrl: env.BASE_URL.replace(/\/+$/, ''),
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    // The rest of ServiceConfig, fixed: this server signs nobody up (the REST app does) and
    // runs no source checks, diffs or conversions, so it keeps no worker threads.
    registration: 'closed' as const,
    signUpLimit: 0,
    heavyWorkThreads: 0,
    heavyWorkHeapMiB: 64,
    heavyRequestsPerCaller: 1,
  }));

export type AuthConfig = Readonly<z.output<typeof ConfigSchema>>;

export function loadConfig(env: Record<string, string | undefined>): EnvResult<AuthConfig> {
  return parseEnv(ConfigSchema, env);
}
