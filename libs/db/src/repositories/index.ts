export type { DbClient } from './db-client.js';
export * from './users.js';
export * from './api-tokens.js';
export * from './accounts.js';
export * from './notification-tokens.js';
export * from './app-secrets.js';
export * from './ontologies.js';
export * from './head-sources.js';
export * from './source-chunks.js';
export * from './oidc-payloads.js';

export * from './write-access.js';
