import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deepRdfXmlList, deepRdfXmlListTriples, hostileRdfXml } from '@oms/formats/testing';
import { checkAndMeasure, convertSource, describeSource, diffSources } from '@oms/ontology-tools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleHeavyWorker, type BundledWorker } from '../testing.js';
import { createHeavyWork, type HeavyWork } from './heavy-work.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = (name: string) => readFileSync(path.join(here, '../../../../../shared/fixtures', name), 'utf8');

/** A text's bytes in chunks of 256 KiB, as the store gives a stored source. */
async function* chunksOf(text: string): AsyncGenerator<Uint8Array> {
  const bytes = Buffer.from(text);
  for (let at = 0; at < bytes.length; at += 256 * 1024) yield bytes.subarray(at, at + 256 * 1024);
}

let worker: BundledWorker;
const open: HeavyWork[] = [];
const heavyWork = (options: Partial<Parameters<typeof createHeavyWork>[0]> = {}) => {
  const created = createHeavyWork({ threads: 1, offloadAtChars: 0, workerFile: worker.file, ...options });
  open.push(created);
  return created;
};

beforeAll(async () => {
  worker = await bundleHeavyWorker();
}, 60_000);

afterAll(async () => {
  await Promise.all(open.map((created) => created.close()));
  worker?.dispose();
});

describe('heavy work', () => {
  it('when a source is checked in a worker then the verdict and metrics equal the inline check', async () => {
    const text = fixture('ontologies/turtle/foaf.ttl');
    const inWorker = await heavyWork().check('turtle', text);
    expect(inWorker.ok).toBe(true);
    expect(inWorker).toEqual(await checkAndMeasure('turtle', text));
  });

  it('when a broken source is checked in a worker then it is refused with the parser position', async () => {
    const text = fixture('invalid/truncated.ttl');
    const verdict = await heavyWork().check('turtle', text);
    expect(verdict).toEqual(await checkAndMeasure('turtle', text));
    expect(verdict.ok ? '' : verdict.message).toMatch(/^line \d+/);
  });

  it('when a 10,000-member rdf:List is checked in a worker then it is measured, and 100,000 levels are refused', async () => {
    const deep = heavyWork();
    expect(await deep.check('owl', deepRdfXmlList(10_000))).toMatchObject({ ok: true, metrics: { rdf: { triples: deepRdfXmlListTriples(10_000) } } });
    expect(await deep.check('rdf', hostileRdfXml(100_000))).toEqual({ ok: false, message: expect.stringMatching(/elements are nested more than \d+ levels deep$/) });
  }, 60_000);

  it('when two versions are diffed in a worker then the diff equals the inline one', async () => {
    const text = fixture('ontologies/turtle/foaf.ttl');
    const from = { format: 'turtle' as const, text, name: 'a.ttl' };
    const to = { format: 'turtle' as const, text: `${text}\n<http://example.org/a> <http://example.org/b> "c" .\n`, name: 'b.ttl' };
    const inWorker = await heavyWork().diff(from, to, { textOnly: false, canonicalizeMs: 20_000, limit: 10 });
    expect(inWorker).toMatchObject({ kind: 'rdf' });
    expect(inWorker).toEqual(await diffSources(from, to, { limit: 10 }));
  });

  it('when a source is converted in a worker then the text equals the inline conversion, and an impossible one is refused', async () => {
    const text = fixture('ontologies/turtle/foaf.ttl');
    const pool = heavyWork();
    const converted = await pool.convert('turtle', text, 'ntriples');
    expect(converted.ok && Buffer.from(converted.bytes).toString('utf8')).toBe(await convertSource('turtle', text, 'ntriples'));
    expect(await pool.convert('turtle', '@prefix broken', 'rdfxml')).toEqual({ ok: false, message: expect.stringMatching(/cannot be read as RDF/) });
  });

  it('when a JSON source is described in a worker then the description equals the inline one', async () => {
    const text = fixture('ontologies/json/csvw.jsonld');
    const description = await heavyWork().describe('json', text);
    expect(description).toMatchObject({ native: 'jsonld' });
    expect(description).toEqual(describeSource('json', text));
  });

  it('when a worker runs out of its heap then that task is refused for its size and the next task works', async () => {
    const small = heavyWork({ workerHeapMiB: 32 });
    const big = fixture('ontologies/turtle/VOCAB_QUDT-UNITS-ALL.ttl');
    expect(await small.check('turtle', big)).toEqual({ ok: false, message: expect.stringMatching(/more memory than one task may use \(32 MiB\)/) });
    expect(await small.convert('turtle', big, 'jsonld')).toEqual({ ok: false, message: expect.stringMatching(/^converting it needs more memory/) });
    const side = { format: 'turtle' as const, text: big, name: 'q.ttl' };
    const failure = await small.diff(side, { ...side, text: `${big}\n` }, { textOnly: false, canonicalizeMs: 20_000 }).then(() => null, (error: unknown) => error);
    expect(failure).toMatchObject({ code: 'validation_failed', fieldErrors: { base: [expect.stringMatching(/too large to compare/)] } });
    expect(await small.check('json', '{"a": 1}')).toMatchObject({ ok: true });
  }, 120_000);

  it('when a task cannot finish in time then it fails as unavailable (503), not as a bad document', async () => {
    const starved = heavyWork({ workerHeapMiB: 4, timeoutMs: 3_000 });
    const failure = await starved.check('json', '{"a": 1}').then(() => null, (error: unknown) => error);
    expect(failure).toMatchObject({ code: 'unavailable', httpStatus: 503 });
  }, 30_000);

  it('when the queue is full then a further task is refused with 503 at once, and the queued ones finish', async () => {
    const pool = heavyWork({ maxQueue: 2 });
    const text = fixture('ontologies/turtle/dcat3.ttl');
    const tasks = Array.from({ length: 5 }, () => pool.check('turtle', text).then((verdict) => verdict.ok, (error: unknown) => error));
    const outcomes = await Promise.all(tasks);
    // One runs, two wait, the other two are refused.
    expect(outcomes.filter((outcome) => outcome === true)).toHaveLength(3);
    expect(outcomes.filter((outcome) => outcome !== true)).toEqual([
      expect.objectContaining({ code: 'unavailable', httpStatus: 503 }),
      expect.objectContaining({ code: 'unavailable', httpStatus: 503 }),
    ]);
  }, 60_000);

  it('when background terms are being read then a request\'s check does not wait behind them', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'oms-heavy-'));
    try {
      // About 8 MB of Turtle: seconds of term work in the one-thread pool.
      const classes = Array.from({ length: 70_000 }, (_, i) => `ex:C${i} a owl:Class ; rdfs:label "class number ${i}" ; rdfs:subClassOf ex:C${i >> 1} .`);
      const big = `@prefix owl: <http://www.w3.org/2002/07/owl#> .\n@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .\n@prefix ex: <http://example.org/> .\n${classes.join('\n')}\n`;
      const pool = heavyWork({ threads: 1 });
      const finished: string[] = [];
      const terms = pool.termsFile('turtle', chunksOf(big), Buffer.byteLength(big), path.join(dir, 'terms.ndjson')).then((verdict) => {
        finished.push('terms');
        return verdict;
      });
      // The term task has its thread before the request's check arrives.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const verdict = await pool.check('turtle', fixture('ontologies/turtle/foaf.ttl'));
      finished.push('check');
      expect(verdict.ok).toBe(true);
      expect(await terms).toEqual({ ok: true, count: 70_000 });
      expect(finished).toEqual(['check', 'terms']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('when the source of background terms cannot be read midway then the task fails with the read\'s error and writes no terms', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'oms-heavy-'));
    try {
      const classes = Array.from({ length: 20_000 }, (_, i) => `ex:C${i} a owl:Class ; rdfs:label "class number ${i}" .`);
      const text = `@prefix owl: <http://www.w3.org/2002/07/owl#> .\n@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .\n@prefix ex: <http://example.org/> .\n${classes.join('\n')}\n`;
      async function* cutOff(): AsyncGenerator<Uint8Array> {
        let sent = 0;
        for await (const chunk of chunksOf(text)) {
          if (sent++ === 2) throw new Error('the store lost its connection');
          yield chunk;
        }
      }
      const out = path.join(dir, 'terms.ndjson');
      await expect(heavyWork({ threads: 1 }).termsFile('turtle', cutOff(), Buffer.byteLength(text), out)).rejects.toThrow('the store lost its connection');
      expect(existsSync(out)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('when the source of background terms is broken near its start then the verdict says so and the rest of it is never read', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'oms-heavy-'));
    try {
      let read = 0;
      let ended = false;
      async function* brokenThenLong(): AsyncGenerator<Uint8Array> {
        try {
          yield Buffer.from('@prefix ex: <http://example.org/> .\nex:a ex:b .\n');
          for (; read < 400; read++) yield Buffer.from(`ex:c${read} ex:d ex:e .\n`.repeat(10_000));
        } finally {
          ended = true;
        }
      }
      const out = path.join(dir, 'terms.ndjson');
      const verdict = await heavyWork({ threads: 1 }).termsFile('turtle', brokenThenLong(), 400 * 200_000, out);
      expect(verdict).toMatchObject({ ok: false, message: expect.stringContaining('line 2') });
      expect(ended).toBe(true);
      expect(read).toBeLessThan(40);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('when inputs are below the offload size then they run inline with the same result', async () => {
    const text = fixture('ontologies/turtle/foaf.ttl');
    const verdict = await heavyWork({ offloadAtChars: text.length + 1, workerFile: new URL('file:///nonexistent/worker.mjs') }).check('turtle', text);
    expect(verdict.ok).toBe(true);
  });

  it('when the pool is closed then later tasks still answer, inline', async () => {
    const closing = heavyWork();
    await closing.close();
    expect(await closing.check('yaml', 'a: 1\n')).toMatchObject({ ok: true });
  });

  it('when many tasks arrive at once within the queue bound then every one gets its own answer', async () => {
    const shared = heavyWork({ threads: 2, maxQueue: 24 });
    const texts = Array.from({ length: 24 }, (_, i) => (i % 3 === 0 ? `{"broken": ${i}` : `{"n": ${i}}`));
    const verdicts = await Promise.all(texts.map((text) => shared.check('json', text)));
    verdicts.forEach((verdict, i) => expect(verdict.ok).toBe(i % 3 !== 0));
  });
});
