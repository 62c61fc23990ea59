export { createAuthServer, type AuthServer, type AuthServerOptions } from './create-auth-router.js';
export type { CredentialCheck } from './interaction-routes.js';
export { esc, page } from '@oms/platform';
export type { AccountSettingsPort } from './settings/settings-routes.js';
export { unavailableHandler } from './unavailable-handler.js';
