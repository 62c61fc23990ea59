// The authorization server's one configuration schema.
import { z } from 'zod';
import { parseEnv, type EnvResult } from '@oms/platform';

const ConfigSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3002),
    HOST: z.string().min(1).default('0.0.0.0'),
    BASE_URL: z.url({ protocol: /^https?$/ }),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }),
    REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
    REST_INTERNAL_URL: z.url({ protocol: /^https?$/ }),
    INTERNAL_TOKEN: z.string().min(32, 'must be at least 32 characters'),
    TRUST_PROXY: z.enum(['true', 'false']).default('false'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  })
  .transform((env) => ({
    port: env.PORT,
    host: env.HOST,
    baseUrl: env.BASE_URL.replace(/\/+$/, ''),
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    restInternalUrl: env.REST_INTERNAL_URL.replace(/\/+$/, ''),
    internalToken: env.INTERNAL_TOKEN,
    trustProxy: env.TRUST_PROXY === 'true',
    logLevel: env.LOG_LEVEL,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
  }));

export type AuthConfig = Readonly<z.output<typeof ConfigSchema>>;

export function loadConfig(env: Record<string, string | undefined>): EnvResult<AuthConfig> {
  return parseEnv(ConfigSchema, env);
}
