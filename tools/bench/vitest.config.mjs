// Unit tests of the bench runner (tools/bench/test): argument parsing, target selection and
// helpers; nothing is started. The benchmark itself runs with `node run.mjs`.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { include: ['test/**/*.test.mjs'], environment: 'node', pool: 'forks', testTimeout: 10_000 },
});
