import { describe, expect, it } from 'vitest';
import type { OntologyRow } from '@oms/db';
import { ontologyJsonPieces } from './ontology-json.js';
import { presentOntology } from '@oms/ontology-service';

const row: OntologyRow = {
  id: '01a20413-0000-7000-8000-000000000001',
  accountId: '01a20413-0000-7000-8000-000000000002',
  parentId: null,
  title: 'A "quoted" title\n',
  description: 'desc',
  visibility: 'public',
  sourceFormat: 'other',
  version: '1.2.3',
  headHash: 'abc',
  headSeq: 3,
  createdAt: new Date('2026-01-02T03:04:05.006Z'),
  updatedAt: new Date('2026-01-02T03:04:06.007Z'),
};
const BASE = 'http://example.test';
const SOURCE = 'line "one"\\ \u0000 é 中 😀\n'.repeat(40);

async function joined(pieces: AsyncIterable<string>): Promise<{ text: string; count: number }> {
  let text = '';
  let count = 0;
  for await (const piece of pieces) {
    text += piece;
    count += 1;
  }
  return { text, count };
}

async function* inChunks(text: string, size: number): AsyncGenerator<string> {
  const codePoints = Array.from(text);
  for (let i = 0; i < codePoints.length; i += size) yield codePoints.slice(i, i + size).join('');
}

describe('ontologyJsonPieces', () => {
  const expected = JSON.stringify(presentOntology({ ...row, commits: [{ source: SOURCE }] }, BASE));

  it('when the source is inline then it is one piece, the JSON of the presented ontology', async () => {
    expect(await joined(ontologyJsonPieces({ row, source: SOURCE }, BASE))).toEqual({ text: expected, count: 1 });
  });

  it('when the source comes in chunks then the pieces join to the same bytes, one piece per chunk plus the end', async () => {
    const { text, count } = await joined(ontologyJsonPieces({ row, source: inChunks(SOURCE, 37) }, BASE));
    expect(text).toBe(expected);
    expect(count).toBe(Math.ceil(Array.from(SOURCE).length / 37) + 1);
  });

  it('when the chunked source is empty then the answer is the same as an empty inline one', async () => {
    const empty = JSON.stringify(presentOntology({ ...row, commits: [{ source: '' }] }, BASE));
    expect((await joined(ontologyJsonPieces({ row, source: inChunks('', 10) }, BASE))).text).toBe(empty);
  });
});
