export { createLogger, type Logger } from './logger.js';
export { startServer, type RunningServer } from './start-server.js';
export { onShutdownSignal, exitOnConfigProblems } from './shutdown.js';
export { createAttemptLimiter, type AttemptLimiter, type AttemptLimits } from './attempt-limiter.js';
export { createRateLimiter, type RateLimiter } from './rate-limiter.js';
export { parseEnv, type EnvResult } from './parse-env.js';
export { createRedisClient, isRedisUnavailable, FAIL_FAST_REDIS_OPTIONS, reconnectDelay, type RedisEvents } from './redis-client.js';
export { jsonInternalError, jsonNotFound } from './json-fallbacks.js';
export { internalTokenSetting, logLevelSetting, shutdownTimeoutSetting, trustProxySetting } from './env-settings.js';
