import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { extractTerms, extractTermsToFile } from './extract-terms.js';

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'oms-terms-file-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function* chunksOf(text: string, size = 97): AsyncIterable<Uint8Array> {
  const bytes = Buffer.from(text, 'utf8');
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

const linesOf = (path: string) =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as unknown);

/** Subjects whose statements are spread over the document, as Turtle allows. */
function scattered(count: number): string {
  const head = `@prefix owl: <http://www.w3.org/2002/07/owl#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
@prefix ex: <http://example.org/s#> .
`;
  const first = Array.from({ length: count }, (_, i) => `ex:T${(i * 7919) % count} a owl:Class ; rdfs:label "term ${i}"@fr .`);
  const second = Array.from({ length: count }, (_, i) => `ex:T${(i * 104729) % count} rdfs:subClassOf ex:T${i} ; rdfs:label "label ${i}"@en ; rdfs:comment "note ${i} \\u00e9 𝔸\\nline" .`);
  const third = Array.from({ length: count }, (_, i) => `ex:T${count - 1 - i} skos:altLabel "alt ${i}" ; rdfs:subClassOf ex:T${(i * 31) % count} ; ex:p "other ${i}" .`);
  return `${head}${first.join('\n')}\n${second.join('\n')}\n${third.join('\n')}\n@prefix late: <http://example.org/s#T1> .\n`;
}

describe('terms extracted to a file', () => {
  it('when statements are spilled to many sorted runs then the file holds exactly the terms the whole extraction gives, in order', async () => {
    const text = scattered(600);
    const whole = await extractTerms('turtle', text);
    expect(whole.ok && whole.terms).toHaveLength(600);
    const dir = freshDir();
    const out = join(dir, 'terms.ndjson');
    // A bound this small spills every few subjects: dozens of runs, each subject in three of them.
    const verdict = await extractTermsToFile('turtle', chunksOf(text), out, { spillAtChars: 4_000 });
    expect(verdict).toEqual({ ok: true, count: 600 });
    expect(linesOf(out)).toEqual(whole.ok ? whole.terms : []);
    // The runs are gone; the terms file is the caller's.
    expect(readdirSync(dir)).toEqual(['terms.ndjson']);
  });

  it('when nothing needs spilling then the file is the same', async () => {
    const text = scattered(50);
    const whole = await extractTerms('turtle', text);
    const out = join(freshDir(), 'terms.ndjson');
    expect(await extractTermsToFile('turtle', chunksOf(text), out)).toEqual({ ok: true, count: 50 });
    expect(linesOf(out)).toEqual(whole.ok ? whole.terms : []);
  });

  it('when the source is broken then it is refused with the line and no file is left', async () => {
    const dir = freshDir();
    const out = join(dir, 'terms.ndjson');
    const verdict = await extractTermsToFile('turtle', chunksOf(`${scattered(20)}ex:broken a \n`), out, { spillAtChars: 500 });
    expect(verdict).toEqual({ ok: false, message: expect.stringMatching(/line/) });
    expect(readdirSync(dir)).toEqual([]);
  });
});
