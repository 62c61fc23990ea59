import { defineConfig } from 'vitest/config';
import { vitestConfig } from '../../vitest.shared.ts';

const shared = vitestConfig({ testTimeout: 120_000 });

// test/*.test.ts start single built apps; test/service/ is one suite run against two targets
// (test/service/support/targets.ts): the one process of `npm start` and `npm run cluster`.
export default defineConfig({
  ...shared,
  test: {
    ...shared.test,
    // Projects extend this config and arrays are concatenated: each project names its own files.
    include: [],
    projects: [
      { extends: true as const, test: { name: 'apps', include: ['test/*.test.ts'] } },
      ...['embedded', 'cluster'].map((target) => ({
        extends: true as const,
        test: { name: `service:${target}`, include: ['test/service/**/*.test.ts'], env: { SERVICE_TARGET: target } },
      })),
    ],
  },
});
