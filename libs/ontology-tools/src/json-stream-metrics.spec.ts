import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateSourceStream } from '@oms/formats';
import { describe, expect, it } from 'vitest';
import { checkAndMeasure } from './check-and-measure.js';
import { checkAndMeasureStream } from './check-and-measure-stream.js';
import { JsonStreamReading } from './json-stream-reading.js';
import { jsonStreamMetrics } from './json-stream-metrics.js';
import { extractTerms, extractTermsStream } from './ontology-terms/extract-terms.js';

async function* pieces(text: string, size: number): AsyncGenerator<Uint8Array> {
  const bytes = Buffer.from(text, 'utf8');
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

const FOLDER = '/work/shared/fixtures/ontologies/json';
const FIXTURES = readdirSync(FOLDER).filter((name) => /\.json(ld)?$/.test(name));

/** Shapes whose structure metrics depend on key order, duplicates and section kinds. */
const SHAPES = [
  '{"graphs": [{"id": "g", "nodes": [{"id": "a", "lbl": "A"}], "edges": []}], "meta": {"version": "1"}}',
  '{"b": 1, "2": 0, "a": {"classes": [1]}, "1": 0, "__proto__": 5, "b": 2, "@context": "x"}',
  '{"classes": {"A": {}, "B": null, "A": 1, "C\\u0041": {"classes": [1, 2]}}, "slots": [1, [2], {"x": 3}], "types": 3, "enums": {}}',
  '{"classes": [1, 2], "classes": {"only": {}}, "slots": {}, "enums": ["e"], "types": {"t": {}, "u": {}}}',
  '{"slots": {"s": {}}, "id": "https://w3id.org/x", "default_prefix": "x", "prefixes": {"x": "https://w3id.org/x/"}, "classes": {"Person": {"is_a": "Thing"}, "Thing": {}}}',
  '[{"a": 1}, {"@context": {"ex": "http://e/"}, "@id": "ex:a", "ex:p": "v"}]',
  '[{"a": {"@context": 1}}, [{"@context": 2}]]',
  '{"4294967295": 1, "b": 1, "4294967294": 2, "007": 1, "10": 1, "9": 1, "-1": 1, "1.0": 1, "0": 1, "b": 3, "10": 0}',
  '"just a string"',
  '[]',
  '{}',
  '{"@context": {"@vocab": "http://e/"}, "@graph": [{"@id": "http://e/a", "name": "A"}, {"@id": "http://e/b", "knows": {"@id": "http://e/a"}}]}',
];

describe('checkAndMeasureStream (json)', () => {
  it.each(FIXTURES)('when the fixture %s comes as a stream then its metrics are the whole-text ones', async (name) => {
    const text = readFileSync(join(FOLDER, name), 'utf8');
    expect(await checkAndMeasureStream('json', pieces(text, 65_536))).toEqual(await checkAndMeasure('json', text, { terms: false }));
  });

  it('when generated shapes come in small pieces then their metrics are the whole-text ones', async () => {
    for (const text of SHAPES) {
      expect({ text, verdict: await checkAndMeasureStream('json', pieces(text, 3)) }).toEqual({ text, verdict: await checkAndMeasure('json', text, { terms: false }) });
    }
  });

  it('when a shape is measured from the stream alone (nothing held) then its structure and syntax are the whole-text ones', async () => {
    for (const text of [...SHAPES, ...FIXTURES.map((name) => readFileSync(join(FOLDER, name), 'utf8'))]) {
      const reading = new JsonStreamReading(0);
      expect(await validateSourceStream('json', reading.through(pieces(text, 4096)), reading.observer)).toEqual({ ok: true });
      const whole = await checkAndMeasure('json', text, { terms: false });
      if (!whole.ok) throw new Error(whole.message);
      const { rdf: _rdf, ...withoutTriples } = whole.metrics;
      const sizes = { bytes: withoutTriples.bytes, lines: withoutTriples.lines };
      expect({ text: text.slice(0, 80), metrics: await jsonStreamMetrics(reading, sizes) }).toEqual({ text: text.slice(0, 80), metrics: withoutTriples });
    }
  });

  it('when the top-level object has many keys (array indices among them, repeated) then the stream lists and counts them as the whole text does, holding few', async () => {
    const entries: string[] = ['"@context": {"ex": "http://e/"}', '"4294967295": 1', '"4294967294": 1', '"007": 1', '"-1": 1', '"1.0": 1'];
    for (let i = 0; i < 200_000; i += 1) {
      entries.push(`"k${i % 5 === 4 ? i - 3 : i}": 0`);
      if (i % 3 === 0) entries.push(`"${(i * 7919) % 150_001}": 0`);
    }
    entries.push(`"classes": {${Array.from({ length: 50_000 }, (_, i) => `"C${i % 40_000}": {}`).join(', ')}}`);
    const text = `{${entries.join(', ')}}`;
    const reading = new JsonStreamReading(0);
    expect(await validateSourceStream('json', reading.through(pieces(text, 65_536)), reading.observer)).toEqual({ ok: true });
    const whole = await checkAndMeasure('json', text, { terms: false });
    if (!whole.ok) throw new Error(whole.message);
    const streamed = await jsonStreamMetrics(reading, { bytes: whole.metrics.bytes, lines: whole.metrics.lines });
    expect(streamed.structure).toEqual(whole.metrics.structure);
    expect(whole.metrics.structure).toMatchObject({ top_level_key_count: 160_000 + 66_667 + 7, linkml: { classes: 40_000 } });
    expect(streamed.syntax).toBe('json-ld');
    expect(reading.shape.heldKeys).toBeLessThanOrEqual(200);
  }, 60_000);

  it('when the JSON is invalid at its very end then it is refused as the whole-text check refuses it', async () => {
    const text = `{"graphs": [${'{"id": "a"},'.repeat(1000)}{"id": "b"}]`;
    expect(await checkAndMeasureStream('json', pieces(text, 1000))).toEqual(await checkAndMeasure('json', text, { terms: false }));
  });
});

describe('extractTermsStream (json)', () => {
  it.each(FIXTURES)('when the fixture %s comes as a stream then its terms are the whole-text ones', async (name) => {
    const text = readFileSync(join(FOLDER, name), 'utf8');
    expect(await extractTermsStream('json', pieces(text, 65_536))).toEqual(await extractTerms('json', text));
  });

  it('when JSON-LD is over the terms bound then it is skipped with the whole-text reason; plain JSON has no terms either way', async () => {
    const jsonLd = SHAPES[10] ?? '';
    const options = { maxJsonLdBytes: 20 };
    expect(await extractTermsStream('json', pieces(jsonLd, 7), options)).toEqual(await extractTerms('json', jsonLd, options));
    const plain = SHAPES[0] ?? '';
    expect(await extractTermsStream('json', pieces(plain, 7), options)).toEqual({ ok: true, terms: [] });
    expect(await extractTerms('json', plain, options)).toEqual({ ok: true, terms: [] });
  });

  it('when a LinkML schema in JSON is over the bound then its terms are skipped with a reason, and read when within it', async () => {
    const schema = SHAPES[4] ?? '';
    const within = await extractTermsStream('json', pieces(schema, 7));
    expect(within).toEqual(await extractTerms('json', schema));
    expect(within.ok && within.terms.length).toBeGreaterThan(2);
    expect(await extractTermsStream('json', pieces(schema, 7), { maxJsonLdBytes: 20 })).toEqual({ ok: true, terms: [], skipped: 'the LinkML schema in JSON is larger than 20 bytes, the bound for reading its terms from a stream' });
  });
});
