export { createLogger, type Logger } from './logger.js';
export { startServer, type RunningServer } from './start-server.js';
export { onShutdownSignal, exitOnConfigProblems } from './shutdown.js';
export { createAttemptLimiter, type AttemptLimiter, type AttemptLimits } from './attempt-limiter.js';
export { createRateLimiter, type RateLimiter } from './rate-limiter.js';
export { parseEnv, type EnvResult } from './parse-env.js';
export { createRedisClient, isRedisUnavailable, FAIL_FAST_REDIS_OPTIONS, reconnectDelay, type RedisEvents } from './redis-client.js';
export { jsonInternalError, jsonNotFound } from './http/json-fallbacks.js';
export { createHttpShell, type ErrorAnswers, type HttpShell, type HttpShellOptions } from './http/create-http-shell.js';
export { type ReadinessChecks } from './http/health-routes.js';
export { requestLog, setRequestUser } from './http/request-scope.js';
export { type ServiceApp } from './http/service-app.js';
export { bodyAllowanceMs, watchBody, type BodyDeadlinePolicy } from './http/body-deadline.js';
export { internalTokenSetting, logLevelSetting, shutdownTimeoutSetting, sourceSizeConfig, sourceSizeSettings, trustProxySetting } from './env-settings.js';
export { esc, page, STYLESHEET, STYLESHEET_PATH, type PageOptions } from './web/layout.js';
export {
  SESSION_COOKIE,
  cookieValue,
  currentSession,
  endSession,
  PAGE_CSP,
  preSessionCsrf,
  preSessionCsrfOk,
  safeReturnPath,
  sameToken,
  setPageHeaders,
  startSession,
  type WebSession,
  type WebSessionStore,
} from './web/web-session.js';
