import { describe, expect, it } from 'vitest';
import { prologEnd } from './xml-doctype.js';
import { EntitySubstitution, EntityUseCounter } from './xml-entity-stream.js';
import { prepareXml, substituteEntities } from './xml-safety.js';

const ENTITIES = new Map([
  ['ex', 'http://example.org/a&b#'],
  ['q', '"<\'>\n'],
  ['long-name.x', 'L'],
]);
const TEXTS = [
  '<r a="&ex;x &q;">&ex;&ex;&long-name.x;&long-name.y;&unknown; &amp; &#38; & ex; &ex</r>',
  '<r><!-- &ex; --><![CDATA[ &ex; ]]]]><?pi &ex; ?>&ex;<!--x--->&q;<?p?>&ex;<![CDATA[]]>&ex;</r>',
  '<r>&ex;<!-->&ex;--><?>&ex;?>&ex;<![CDATA[]>&ex;]]>&ex;<!x>&ex;</r>',
  '&ex;&&&ex;;&ex;&long-name.xx;&long-name.x;',
];

function splitEvery(text: string, size: number): string[] {
  const parts: string[] = [];
  for (let at = 0; at < text.length; at += size) parts.push(text.slice(at, at + size));
  return parts;
}

describe('EntitySubstitution', () => {
  it.each(TEXTS.flatMap((text) => [1, 2, 3, 5, 8, 13].map((size): [string, number] => [text, size])))('when %j is substituted in %i-character pieces then the result is substituteEntities of the whole', (text, size) => {
    const substitution = new EntitySubstitution(ENTITIES);
    const out = splitEvery(text, size).map((piece) => substitution.push(piece)).join('') + substitution.end();
    expect(out).toBe(substituteEntities(text, ENTITIES));
  });

  it('when a piece ends inside a name longer than every declared one then it is passed on, not held', () => {
    const substitution = new EntitySubstitution(ENTITIES);
    expect(substitution.push(`<r>&${'n'.repeat(50)}`)).toBe(`<r>&${'n'.repeat(50)}`);
    expect(substitution.push(`${'n'.repeat(50)};&e`)).toBe(`${'n'.repeat(50)};`);
    expect(substitution.push('x;</r>') + substitution.end()).toBe('http://example.org/a&amp;b#</r>');
  });
});

describe('EntityUseCounter', () => {
  it.each([1, 4, 7, 4096])('when references pass the bound in %i-character pieces then it refuses at the reference prepareXml names', (size) => {
    const doctype = `<!DOCTYPE r [ <!ENTITY a "${'x'.repeat(999)}"> ]>`;
    const text = `${doctype}\n<r>\n${'<p>&a;</p> &b; &a\n'.repeat(1100)}</r>`;
    const whole = prepareXml(text);
    expect(whole).toMatchObject({ ok: false, line: 1004, column: 4 });
    const counter = new EntityUseCounter(new Map([['a', 'x'.repeat(999)]]), { line: 1, column: doctype.length + 1 });
    let refusal;
    let read = doctype.length;
    for (const piece of splitEvery(text.slice(doctype.length), size)) {
      read += piece.length;
      refusal ??= counter.push(piece, read);
    }
    expect(refusal).toEqual(whole);
  });
  it('when a large document uses a flat entity on every line then the stream keeps only the ratio bound, not the whole-text cap', () => {
    // 250,000 references adding 100 characters each: 25,000,000 in all, past the whole-text
    // check's 20,000,000 cap but a fifth of ten times the 5,000,000 characters read.
    const doctype = `<!DOCTYPE r [ <!ENTITY a "${'y'.repeat(100)}"> ]>`;
    const text = `${doctype}\n<r>\n${'<p a="&a;x"/>     \n'.repeat(250_000)}</r>`;
    expect(prepareXml(text)).toMatchObject({ ok: false, message: expect.stringContaining('20000000') });
    const counter = new EntityUseCounter(new Map([['a', 'y'.repeat(100)]]), { line: 1, column: doctype.length + 1 });
    let read = doctype.length;
    const body = text.slice(doctype.length);
    for (let at = 0; at < body.length; at += 65_536) {
      const piece = body.slice(at, at + 65_536);
      read += piece.length;
      expect(counter.push(piece, read, at + 65_536 >= body.length)).toBeUndefined();
    }
  });
});

describe('prologEnd', () => {
  it('when the prolog is complete then it is the offset of the root, else undefined', () => {
    const prolog = '\uFEFF<?xml version="1.0"?>\n<!-- c -->\n<!DOCTYPE r [ <!ENTITY a "<x>"> <!-- ]> --> ]>\n<?pi?>\n';
    const text = `${prolog}<r/>`;
    expect(prologEnd(text.slice(1))).toBe(prolog.length - 1);
    for (let cut = 0; cut < prolog.length; cut += 1) expect(prologEnd(text.slice(1, cut))).toBeUndefined();
    expect(prologEnd('<!DOCTYPE r><!DOCTYPE s><r/>')).toBe(12);
    expect(prologEnd('  x')).toBe(2);
  });
});
