export type { DbClient } from './db-client.js';
export * from './users.js';
export * from './api-tokens.js';
export * from './accounts.js';
export * from './notification-tokens.js';
export * from './app-secrets.js';
export * from './ontology-rows.js';
export * from './ontology-locks.js';
export * from './ontology-pages.js';
export * from './visible-ontologies.js';
export * from './commits.js';
export * from './commit-writes.js';
export * from './head-summaries.js';
export type { PageWindow } from './page-window.js';
export * from './head-sources.js';
export * from './source-chunks.js';
export * from './oidc-payloads.js';

export * from './write-access.js';
