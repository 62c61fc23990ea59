// Where things are: the repository root, the built service and the shared fixtures.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCH_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ROOT = path.resolve(BENCH_DIR, '../..');
/** The built entry point of an app (`apps/<app>/dist/main.js`). */
export const appMain = (app) => path.join(ROOT, 'apps', app, 'dist', 'main.js');
export const SERVICE_MAIN = appMain('rest-api');
export const CLUSTER_RUNNER = path.join(ROOT, 'tools', 'cluster', 'run.mjs');
/** The fixtures live beside the repository: `<root>/../shared/fixtures`. */
export const FIXTURES_DIR = path.resolve(ROOT, '..', 'shared', 'fixtures');
export const RESULTS_DIR = path.join(ROOT, 'bench', 'results');
export const DEFAULT_OUT = path.join(RESULTS_DIR, 'latest.json');
