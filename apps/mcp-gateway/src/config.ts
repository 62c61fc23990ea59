// The one configuration schema of the MCP gateway, parsed once from the environment.
import { z } from 'zod';
import { internalTokenSetting, logLevelSetting, parseEnv, shutdownTimeoutSetting, type EnvResult } from '@oms/platform';

const ConfigSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3001),
    HOST: z.string().min(1).default('0.0.0.0'),
    BASE_URL: z.url({ protocol: /^https?$/ }),
    REST_INTERNAL_URL: z.url({ protocol: /^https?$/ }),
    REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
    AUTH_INTERNAL_URL: z.url({ protocol: /^https?$/ }).optional(),
    INTERNAL_TOKEN: internalTokenSetting,
    LOG_LEVEL: logLevelSetting.default('info'),
    SHUTDOWN_TIMEOUT_MS: shutdownTimeoutSetting.default(10_000),
  })
  .transform((env) => ({
    port: env.PORT,
    host: env.HOST,
    baseUrl: env.BASE_URL.replace(/\/+$/, ''),
    restInternalUrl: env.REST_INTERNAL_URL.replace(/\/+$/, ''),
    internalToken: env.INTERNAL_TOKEN,
    redisUrl: env.REDIS_URL,
    authInternalUrl: env.AUTH_INTERNAL_URL?.replace(/\/+$/, ''),
    logLevel: env.LOG_LEVEL,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
  }));

export type GatewayConfig = Readonly<z.output<typeof ConfigSchema>>;

export function loadConfig(env: Record<string, string | undefined>): EnvResult<GatewayConfig> {
  return parseEnv(ConfigSchema, env);
}
