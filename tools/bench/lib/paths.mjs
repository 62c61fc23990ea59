// Where things are: the repository root, the built service and the shared fixtures.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCH_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ROOT = path.resolve(BENCH_DIR, '../..');
export const SERVICE_MAIN = path.join(ROOT, 'apps', 'rest-api', 'dist', 'main.js');
/** The fixtures live beside the repository: `<root>/../shared/fixtures`. */
export const FIXTURES_DIR = path.resolve(ROOT, '..', 'shared', 'fixtures');
export const DEFAULT_OUT = path.join(ROOT, 'bench', 'results', 'latest.json');
