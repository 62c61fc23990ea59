// The vitest run behind `npm run mutation` (stryker.config.mjs): only the focused tests of the
// authorization modules, from every project at once. Stryker copies the workspace into a
// sandbox and mutates the copy, but node_modules/@oms/* link to the original libs: the
// aliases point every workspace import at the sandbox's own sources instead.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { vitestConfig } from './vitest.shared.ts';

const root = path.dirname(fileURLToPath(import.meta.url));
const base = vitestConfig();

/** The test files that exercise the mutated modules directly (listed in stryker.config.mjs). */
export const MUTATION_TESTS = [
  'libs/domain/src/visibility.spec.ts',
  'libs/db/test/visibility.test.ts',
  'libs/db/test/write-access.test.ts',
  'libs/db/test/oidc-payloads.test.ts',
  'libs/ontology-service/src/authorization/member-removal.spec.ts',
  'libs/ontology-service/src/authorization/write-access.spec.ts',
  'libs/ontology-service/src/security/api-token.spec.ts',
  // The use cases on a real database: authorizedWrite/reauthorize, callerFor and the visibility
  // of one ontology, API tokens (user scoping, last use).
  'libs/ontology-service/test/write-authorization.test.ts',
  'libs/ontology-service/test/ontology-reads.test.ts',
  'libs/ontology-service/test/api-tokens.test.ts',
  'libs/mcp-server/src/http-router.spec.ts',
  'libs/mcp-server/src/bearer-authenticator.spec.ts',
  'libs/authorization/src/access-token-revocation.spec.ts',
  'apps/rest-api/test/authorization-surface.test.ts',
];

export default defineConfig({
  ...base,
  resolve: {
    ...base.resolve,
    alias: [
      { find: /^@oms\/([a-z-]+)\/testing$/, replacement: path.join(root, 'libs/$1/src/testing.ts') },
      { find: /^@oms\/([a-z-]+)$/, replacement: path.join(root, 'libs/$1/src/index.ts') },
    ],
  },
  test: { ...base.test, root, include: MUTATION_TESTS },
});
