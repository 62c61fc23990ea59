// The application layer (DESIGN 1): every use case, the service context they run in, the
// security checks and the internal router. REST routes, tRPC procedures and MCP tools are
// thin adapters over what this module exports.
export * from './context.js';
export * from './accounts/api-tokens.js';
export * from './accounts/change-password.js';
export * from './accounts/delete-user.js';
export * from './accounts/find-user.js';
export * from './accounts/manage-accounts.js';
export * from './accounts/settings-reads.js';
export * from './accounts/sign-in.js';
export * from './accounts/sign-up.js';
export * from './accounts/two-factor.js';
export * from './authorization/actor.js';
export * from './authorization/agent-bearer.js';
export * from './authorization/reauthorize.js';
export * from './diagrams/render-source.js';
export * from './errors/dependency-failure.js';
export * from './internal/account-settings-port.js';
export * from './internal/local-service.js';
export * from './internal/trpc-router.js';
export * from './ontologies/caller.js';
export * from './ontologies/create-ontology.js';
export * from './ontologies/delete-ontology.js';
export * from './ontologies/diff-ontology.js';
export * from './ontologies/download-source.js';
export * from './ontologies/find-commit.js';
export * from './ontologies/list-ontologies.js';
export * from './ontologies/update-ontology.js';
export * from './ontologies/visible-parents.js';
export * from './presenters/account.js';
export * from './presenters/ontology.js';
export * from './presenters/profile.js';
export * from './security/api-token.js';
export * from './security/totp.js';
