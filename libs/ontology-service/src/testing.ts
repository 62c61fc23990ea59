// Tests run from TypeScript sources, and a worker thread cannot load those: the heavy-work
// worker module is bundled for the test as `nx build` compiles it for the service.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const WORKER_SOURCE = fileURLToPath(new URL('./ontologies/heavy-work-worker.ts', import.meta.url));

export type BundledWorker = { file: URL; dispose(): void };

export async function bundleHeavyWorker(): Promise<BundledWorker> {
  const dir = mkdtempSync(path.join(tmpdir(), 'heavy-work-worker-'));
  const outfile = path.join(dir, 'worker.mjs');
  await build({
    entryPoints: [WORKER_SOURCE],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    conditions: ['@oms/source'],
    logLevel: 'error',
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  });
  return { file: pathToFileURL(outfile), dispose: () => rmSync(dir, { recursive: true, force: true }) };
}
