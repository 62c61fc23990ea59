import { defineConfig } from 'vitest/config';
import { vitestConfig } from '../../vitest.shared.ts';

const config = vitestConfig({ testTimeout: 170_000 });
// Each cluster suite starts a cluster of its own (seven processes and Chromium): one at a
// time, so two clusters do not compete for a small machine and the fault test's timings hold.
export default defineConfig({ ...config, test: { ...config.test, fileParallelism: false } });
