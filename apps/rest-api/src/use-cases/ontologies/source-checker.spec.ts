import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { deepRdfXmlList, deepRdfXmlListTriples, hostileRdfXml } from '@oms/formats/testing';
import { checkAndMeasure } from '@oms/ontology-tools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSourceChecker, type SourceChecker } from './source-checker.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = (name: string) => readFileSync(path.join(here, '../../../../../../shared/fixtures', name), 'utf8');

// Tests run from TypeScript sources, and a worker thread cannot load those: the worker module
// is bundled for the test as `nx build` compiles it for the service.
let dir: string;
let workerFile: URL;
const open: SourceChecker[] = [];
const checker = (options: Partial<Parameters<typeof createSourceChecker>[0]> = {}) => {
  const created = createSourceChecker({ threads: 1, offloadAtChars: 0, workerFile, ...options });
  open.push(created);
  return created;
};

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'source-check-worker-'));
  const outfile = path.join(dir, 'worker.mjs');
  await build({
    entryPoints: [path.join(here, 'source-check-worker.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    conditions: ['@oms/source'],
    logLevel: 'error',
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  });
  workerFile = pathToFileURL(outfile);
}, 60_000);

afterAll(async () => {
  await Promise.all(open.map((created) => created.close()));
  rmSync(dir, { recursive: true, force: true });
});

describe('source checker', () => {
  it('when a source is checked in a worker then the verdict and metrics equal the inline check', async () => {
    const text = fixture('ontologies/turtle/foaf.ttl');
    const inWorker = await checker().check('turtle', text);
    expect(inWorker.ok).toBe(true);
    expect(inWorker).toEqual(await checkAndMeasure('turtle', text));
  });

  it('when a broken source is checked in a worker then it is refused with the parser position', async () => {
    const text = fixture('invalid/truncated.ttl');
    const verdict = await checker().check('turtle', text);
    expect(verdict).toEqual(await checkAndMeasure('turtle', text));
    expect(verdict.ok ? '' : verdict.message).toMatch(/^line \d+/);
  });

  it('when a worker runs out of its heap then the source is refused and the next check works', async () => {
    const small = checker({ workerHeapMiB: 32 });
    const big = fixture('ontologies/turtle/VOCAB_QUDT-UNITS-ALL.ttl');
    const verdict = await small.check('turtle', big);
    expect(verdict).toEqual({ ok: false, message: expect.stringMatching(/more memory than a check may use/) });
    const after = await small.check('json', '{"a": 1}');
    expect(after.ok).toBe(true);
  }, 60_000);

  it('when a check cannot finish in time then it fails as unavailable (503), not as a bad document', async () => {
    const starved = checker({ workerHeapMiB: 4, timeoutMs: 3_000 });
    const failure = await starved.check('json', '{"a": 1}').then(() => null, (error: unknown) => error);
    expect(failure).toMatchObject({ code: 'unavailable', httpStatus: 503 });
  }, 30_000);

  it('when sources are below the offload size then they are checked inline with the same result', async () => {
    const text = fixture('ontologies/turtle/foaf.ttl');
    const verdict = await checker({ offloadAtChars: text.length + 1, workerFile: new URL('file:///nonexistent/worker.mjs') }).check('turtle', text);
    expect(verdict.ok).toBe(true);
  });

  it('when the checker is closed then later checks still answer, inline', async () => {
    const closing = checker();
    await closing.close();
    expect(await closing.check('yaml', 'a: 1\n')).toMatchObject({ ok: true });
  });

  it('when a 10,000-member rdf:List is checked in a worker then it is measured, and 100,000 levels are refused', async () => {
    const deep = checker();
    expect(await deep.check('owl', deepRdfXmlList(10_000))).toMatchObject({ ok: true, metrics: { rdf: { triples: deepRdfXmlListTriples(10_000) } } });
    expect(await deep.check('rdf', hostileRdfXml(100_000))).toEqual({ ok: false, message: expect.stringMatching(/elements are nested more than \d+ levels deep$/) });
  }, 60_000);

  it('when many large checks arrive at once then every one gets its own verdict', async () => {
    const shared = checker({ threads: 2 });
    const texts = Array.from({ length: 24 }, (_, i) => (i % 3 === 0 ? `{"broken": ${i}` : `{"n": ${i}}`));
    const verdicts = await Promise.all(texts.map((text) => shared.check('json', text)));
    verdicts.forEach((verdict, i) => expect(verdict.ok).toBe(i % 3 !== 0));
  });
});
