// Shared vitest settings: read workspace libs from their TypeScript sources (the
// "@oms/source" export condition) so tests never need a prior build.
import { defaultServerConditions } from 'vite';
import type { UserConfig } from 'vite';

export const sourceConditions = ['@oms/source', ...defaultServerConditions];

export function vitestConfig(options: { setupFiles?: string[]; globalSetup?: string[]; testTimeout?: number } = {}): UserConfig {
  return {
    resolve: { conditions: sourceConditions },
    ssr: { resolve: { conditions: sourceConditions } },
    test: {
      include: ['src/**/*.spec.ts', 'test/**/*.test.ts'],
      environment: 'node',
      testTimeout: options.testTimeout ?? 30_000,
      hookTimeout: 120_000,
      setupFiles: options.setupFiles ?? [],
      globalSetup: options.globalSetup ?? [],
      pool: 'forks',
    },
  } as UserConfig;
}
