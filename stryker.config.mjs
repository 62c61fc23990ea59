// `npm run mutation` (tools/scripts/mutation.mjs): mutation testing of the modules that decide
// who sees or changes what. Only these are mutated, and only the focused tests in
// vitest.mutation.config.ts run against them (per test: each mutant runs the tests that reach it).
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  coverageAnalysis: 'perTest',
  checkers: [],
  concurrency: 2,
  timeoutMS: 20_000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'dist/mutation/index.html' },
  jsonReporter: { fileName: 'dist/mutation/mutation.json' },
  // A rerun tests again only the mutants whose code or covering tests changed since the last run.
  incremental: true,
  incrementalFile: 'dist/mutation/incremental.json',
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  ignorePatterns: ['dist', '.nx', '.data', 'coverage', 'bench/results', '**/*.tsbuildinfo', 'deploy', 'docs'],
  // Line ranges keep each file's authorization code and leave out what decides nothing about access.
  mutate: [
    // The visibility rule, its Prisma and SQL forms, and the reads that apply them.
    'libs/domain/src/visibility.ts',
    'libs/domain/src/roles.ts',
    'libs/db/src/visibility.ts',
    'libs/db/src/repositories/visible-ontologies.ts', // findVisibleOntology(Row), visibilityFactsOf, findVisibleOntologyForUser
    'libs/db/src/repositories/commits.ts:78-84', // findCommitWithOntology
    'libs/db/src/repositories/accounts.ts:25-28', // accountIdsOfUser
    'libs/db/src/repositories/accounts.ts:81-89', // accountIdsOfExistingUser
    // Membership and role checks of the REST and agent use cases.
    'libs/ontology-service/src/ontologies/caller.ts:1-39', // up to checkIfMatch (concurrency, not access)
    'libs/ontology-service/src/ontologies/visible-parents.ts',
    // What a write's transaction re-reads and the rule applied to it.
    'libs/db/src/repositories/write-access.ts',
    'libs/ontology-service/src/authorization/write-access.ts',
    'libs/ontology-service/src/authorization/member-removal.ts',
    'libs/ontology-service/src/authorization/reauthorize.ts',
    // API tokens: REST bearer authentication, the token lookups, revocation.
    'apps/rest-api/src/http/authenticate.ts',
    'libs/ontology-service/src/authorization/rest-bearer.ts',
    'libs/ontology-service/src/security/api-token.ts',
    'libs/ontology-service/src/accounts/api-tokens.ts', // createApiToken, revokeApiToken: only the caller's own
    'libs/db/src/repositories/api-tokens.ts:23-35', // findApiTokenWithUser: the lookup and who it names
    'libs/db/src/repositories/api-tokens.ts:52-71', // findApiTokenActor
    'libs/db/src/repositories/api-tokens.ts:82-85', // deleteApiToken: only the user's own
    // /mcp: bearer tokens (API tokens, OAuth access tokens: audience, issuer, expiry, grant, revocation).
    'libs/mcp-server/src/bearer-authenticator.ts',
    'libs/mcp-server/src/http-router.ts:76-115', // the authenticate handler: 401, scope 403, the actor handed on
    'libs/ontology-service/src/authorization/acting-caller.ts', // the acting user of every internal call
    'libs/ontology-service/src/internal/actor-procedure.ts',
    'libs/ontology-service/src/authorization/agent-bearer.ts', // auth.resolveApiToken, auth.grantActive
    'libs/db/src/repositories/oidc-payloads.ts:21-27', // a live OAuth payload (not expired)
    'libs/db/src/repositories/oidc-payloads.ts:63-69', // liveGrantUserId: whose grant, while it lives
    'libs/db/src/repositories/oidc-payloads.ts:97-121', // revoked access tokens
    'libs/authorization/src/access-token-revocation.ts',
    // The agent tools' reads and writes, scoped to the caller.
    'libs/ontology-service/src/agent/read-tools.ts',
    'libs/ontology-service/src/agent/write-tools.ts',
  ],
};
