// `npm run test:large` (tools/scripts/test-large.mjs): the end-to-end run of an ontology at real
// size against the built service. Too slow for `npm test`, so outside test/ and this project's
// default config.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { include: ['large-test/**/*.test.mjs'], environment: 'node', pool: 'forks', testTimeout: 3_600_000, hookTimeout: 1_800_000, fileParallelism: false },
});
