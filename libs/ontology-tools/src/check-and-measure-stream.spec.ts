import { describe, expect, it } from 'vitest';
import { checkAndMeasure } from './check-and-measure.js';
import { checkAndMeasureStream } from './check-and-measure-stream.js';

async function* pieces(text: string, size: number): AsyncGenerator<Uint8Array> {
  const bytes = Buffer.from(text, 'utf8');
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

const SOURCE = `\uFEFF@prefix ex: <http://e/> .\r
@prefix owl: <http://www.w3.org/2002/07/owl#> .\r
<http://e/o> a owl:Ontology ; owl:imports <http://e/b>, <http://e/a> .
ex:C a owl:Class ; ex:p "x", "x" ; ex:p "y"@en .
ex:C ex:p "x" .
ex:P a owl:ObjectProperty, owl:FunctionalProperty .
ex:Q a owl:FunctionalProperty .
ex:D a owl:DatatypeProperty . ex:A a owl:AnnotationProperty .
ex:i a ex:C . ex:j a owl:NamedIndividual . ex:k a owl:Thing .
ex:m a owl:ObjectProperty, owl:Class . ex:n a owl:Class, owl:ObjectProperty .
_:b ex:p ( 1 2 ) .`;

describe('checkAndMeasureStream', () => {
  it.each([1, 13, 65536])('when a Turtle source comes in %i-byte pieces then its metrics are those of the whole-text check', async (size) => {
    const whole = await checkAndMeasure('turtle', SOURCE, { terms: false });
    const streamed = await checkAndMeasureStream('turtle', pieces(SOURCE, size));
    expect(streamed).toEqual(whole);
    expect(streamed.ok && streamed.metrics.rdf?.triples).toBeGreaterThan(10);
  });

  it('when the source ends with a line break or not then lines count as countLines does', async () => {
    for (const text of ['<a:b> <a:c> <a:d> .\n', '<a:b> <a:c> <a:d> .\r\n<a:b> <a:c> <a:e> .']) {
      expect(await checkAndMeasureStream('turtle', pieces(text, 4))).toEqual(await checkAndMeasure('turtle', text, { terms: false }));
    }
  });

  it('when the source is invalid then it is refused with the parser message', async () => {
    expect(await checkAndMeasureStream('turtle', pieces('<a:b> <a:c> <a:d> .\n<a:b> <a:c>', 5))).toEqual({ ok: false, message: 'line 2, column 12: expected entity but got eof' });
  });

  it('when the format is other then only sizes are measured', async () => {
    expect(await checkAndMeasureStream('other', pieces('a\nb', 1))).toEqual({ ok: true, metrics: { bytes: 3, lines: 2 }, terms: null });
  });
});

describe('checkAndMeasureStream with a size', () => {
  it('when the source size is given and the tables grow past their first size then the counts are those of the whole-text check, duplicates counted once', async () => {
    const text = Array.from({ length: 70_000 }, (_, i) => `<http://e/s${i % 5000}> <http://e/p${i % 7}> "v${i % 35_000}" .`).join('\n');
    const sized = await checkAndMeasureStream('turtle', pieces(text, 65536), Buffer.byteLength(text) * 50);
    expect(sized).toEqual(await checkAndMeasureStream('turtle', pieces(text, 65536)));
    expect(sized).toEqual(await checkAndMeasure('turtle', text, { terms: false }));
    expect(sized.ok && sized.metrics.rdf?.triples).toBe(35_000);
  });
});

describe('checkAndMeasureStream over many batches of terms', () => {
  it('when subjects, object lists, long and non-ASCII literals, types and imports run across batches then the counts are those of the whole-text check', async () => {
    const lines = ['@prefix ex: <http://e/> .', '@prefix owl: <http://www.w3.org/2002/07/owl#> .'];
    for (let i = 0; i < 3000; i += 1) {
      const objects = Array.from({ length: 1 + (i % 4) }, (_, k) => `"v${k} é ${i % 50} \u{1F600}"@en`).join(', ');
      // Literals hashed on their own (over 65,536 units) and batches grown past their kept size.
      const long = i % 700 === 0 ? ` ; ex:long "${'word '.repeat(40_000)}${i % 1400}"` : i % 700 === 350 ? ` ; ex:long "${'mot '.repeat(10_000)}"` : '';
      const types = i % 3 === 0 ? 'owl:Class' : i % 3 === 1 ? 'owl:ObjectProperty, owl:Class' : `ex:C${i % 7}`;
      lines.push(`ex:s${i % 2500} a ${types} ; ex:p${i % 5} ${objects}${long} ; ex:q ex:s${(i * 7) % 2500} .`);
      if (i % 1000 === 999) lines.push(`<http://e/o> owl:imports <http://e/i${i}> .`);
      if (i % 1000 === 500) lines.push(`ex:x ex:long "${'a'.repeat(70_000)}", "${'a'.repeat(70_000)}", "${'a'.repeat(69_999)}b", "${'a'.repeat(30_000)}" .`);
    }
    const text = lines.join('\n');
    const streamed = await checkAndMeasureStream('turtle', pieces(text, 65536), Buffer.byteLength(text));
    expect(streamed).toEqual(await checkAndMeasure('turtle', text, { terms: false }));
    expect(streamed.ok && streamed.metrics.rdf?.imports).toHaveLength(3);
  });
});

