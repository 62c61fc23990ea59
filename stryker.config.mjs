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
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  ignorePatterns: ['dist', '.nx', '.data', 'coverage', 'bench/results', '**/*.tsbuildinfo', 'deploy', 'docs'],
  mutate: [
    // The visibility rule and its Prisma and SQL forms.
    'libs/domain/src/visibility.ts',
    'libs/domain/src/roles.ts',
    'libs/db/src/visibility.ts',
    // What a write's transaction re-reads and the rule applied to it.
    'libs/db/src/repositories/write-access.ts',
    'apps/rest-api/src/authorization/write-access.ts',
    'apps/rest-api/src/authorization/member-removal.ts',
    'apps/rest-api/src/authorization/reauthorize.ts',
  ],
};
