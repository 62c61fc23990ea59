// Lint for the whole workspace. The module-boundary rule is what keeps the architecture:
// apps are never imported, libs depend only on allowed lib types, and the domain imports
// no framework, database or I/O module.
import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier';

// Apps are deployables, never libraries: their package names are not importable anywhere.
const APP_PACKAGES = {
  regex: '^@oms/(rest-api|mcp-gateway|auth-server|render-worker|mcp-stdio|web)(/.*)?$',
  message: 'Apps are never imported; move shared code into a lib.',
};

const TESTS_ONLY = { regex: '^@oms/testing(/.*)?$', message: '@oms/testing is for tests only.' };

// Entry points are thin adapters over @oms/ontology-service (issue 18): the data-access lib is
// reached through a use case, never from a route or a tool.
const NO_DATA_ACCESS = {
  regex: '^(@oms/db|@prisma/.*)(/.*)?$',
  message: 'Routes and tools call one use case of @oms/ontology-service; they never reach the database themselves.',
};

const IO_AND_FRAMEWORKS = [
  '@prisma/*',
  'prisma',
  '@electric-sql/*',
  'pglite-prisma-adapter',
  'pg',
  'express',
  '@trpc/*',
  'bullmq',
  'ioredis',
  'playwright-core',
  'pino',
  'node:fs',
  'node:fs/promises',
  'fs',
  'fs/promises',
  'node:net',
  'net',
  'node:http',
  'http',
  'node:https',
  'https',
  'node:child_process',
  'child_process',
  '@modelcontextprotocol/*',
];

export default [
  { ignores: ['**/dist', '**/out-tsc', '**/node_modules', '**/generated', '.nx', '.data', 'coverage'] },
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  ...nx.configs['flat/javascript'],
  prettier,
  {
    files: ['**/*.ts', '**/*.js'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allowCircularSelfDependency: false,
          checkDynamicDependenciesExceptions: [],
          allow: [],
          depConstraints: [
            {
              sourceTag: 'type:app',
              onlyDependOnLibsWithTags: ['type:ui', 'type:feature', 'type:platform', 'type:domain', 'type:contracts', 'type:data-access', 'type:util', 'type:testing'],
            },
            { sourceTag: 'type:platform', onlyDependOnLibsWithTags: ['type:util', 'type:testing'] },
            // Server-rendered pages over the application layer (libs/web-ui): above the feature libs,
            // below the apps; they reach the database only through a use case or a port.
            {
              sourceTag: 'type:ui',
              onlyDependOnLibsWithTags: ['type:feature', 'type:domain', 'type:contracts', 'type:util', 'type:platform', 'type:testing'],
            },
            {
              sourceTag: 'type:feature',
              onlyDependOnLibsWithTags: ['type:domain', 'type:contracts', 'type:util', 'type:platform', 'type:data-access', 'type:testing'],
            },
            { sourceTag: 'type:data-access', onlyDependOnLibsWithTags: ['type:domain', 'type:contracts', 'type:util', 'type:testing'] },
            { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: ['type:domain', 'type:util'] },
            {
              sourceTag: 'type:domain',
              onlyDependOnLibsWithTags: ['type:domain', 'type:util'],
              bannedExternalImports: IO_AND_FRAMEWORKS,
            },
            { sourceTag: 'type:util', onlyDependOnLibsWithTags: ['type:util'], bannedExternalImports: IO_AND_FRAMEWORKS },
            { sourceTag: 'type:tool', onlyDependOnLibsWithTags: ['type:domain', 'type:contracts', 'type:data-access', 'type:util', 'type:testing'] },
            // Test helpers (real browser, MCP and OAuth clients) for the specs and tests of apps, tools and
            // non-pure libs; production files may not import them (below).
            { sourceTag: 'type:testing', onlyDependOnLibsWithTags: ['type:util'] },
            { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
            { sourceTag: 'scope:rest-api', onlyDependOnLibsWithTags: ['scope:shared', 'scope:rest-api', 'scope:mcp', 'scope:auth', 'scope:render', 'scope:web'] },
            { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['scope:shared', 'scope:web', 'scope:render'] },
            { sourceTag: 'scope:render', onlyDependOnLibsWithTags: ['scope:shared', 'scope:render'] },
            { sourceTag: 'scope:auth', onlyDependOnLibsWithTags: ['scope:shared', 'scope:auth'] },
            { sourceTag: 'scope:mcp', onlyDependOnLibsWithTags: ['scope:shared', 'scope:mcp', 'scope:render'] },
            { sourceTag: 'scope:workspace', onlyDependOnLibsWithTags: ['scope:shared', 'scope:workspace'] },
          ],
        },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'error',
      'no-restricted-imports': ['error', { patterns: [APP_PACKAGES] }],
    },
  },
  {
    // Entry points talk to the terminal on purpose; tests (and their helpers) may use loose types for response bodies.
    files: ['**/main.ts', 'tools/scripts/**', '**/test/**/*.ts', '**/*.spec.ts', 'libs/testing/src/**/*.ts'],
    rules: { 'no-console': 'off', '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    // Tool configuration files are not part of the module graph; they share the root vitest settings.
    files: ['**/vitest.config.ts'],
    rules: { '@nx/enforce-module-boundaries': 'off' },
  },
  {
    // The test helpers lib is for tests only: an app's or lib's production code never imports it.
    files: ['apps/*/src/**/*.ts', 'libs/*/src/**/*.ts'],
    ignores: ['**/*.spec.ts', 'libs/testing/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [APP_PACKAGES, TESTS_ONLY] }],
    },
  },
  {
    // REST routes, the web interface's pages (libs/web-ui) and MCP tools: one use case each.
    files: ['apps/*/src/routes/**/*.ts', 'libs/mcp-server/src/tools/**/*.ts', 'libs/web-ui/src/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [APP_PACKAGES, TESTS_ONLY, NO_DATA_ACCESS] }],
    },
  },
  {
    // Node's own I/O modules are not npm packages, so bannedExternalImports cannot see them.
    files: ['libs/domain/**/*.ts', 'libs/domain/**/*.js'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            APP_PACKAGES,
            {
              regex: '^(node:)?(fs|fs/promises|net|http|https|http2|child_process|dgram|dns|tls|cluster|worker_threads)$',
              message: 'libs/domain is pure: no I/O modules.',
            },
          ],
        },
      ],
    },
  },
];
