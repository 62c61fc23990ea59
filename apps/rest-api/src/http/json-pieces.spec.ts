import { describe, expect, it } from 'vitest';
import { jsonAround, jsonStringContent } from './json-pieces.js';

describe('jsonAround', () => {
  const cases: Array<[string, Record<string, unknown>]> = [
    ['in the middle', { id: 'a', title: 'say "hi"\n', source: 'x', version: '1.0.0', nested: { source: 'inner' } }],
    ['first', { source: 'x', b: 1 }],
    ['last', { a: null, source: 'x' }],
    ['alone', { source: 'x' }],
    ['next to undefined members', { a: undefined, source: 'x', c: undefined, d: [1, 'two'] }],
  ];

  it.each(cases)('when the member is %s then head + value + tail is the JSON of the whole', (_label, value) => {
    const { head, tail } = jsonAround(value, 'source');
    for (const text of ['', 'plain', 'quote " backslash \\ tab \t nul \u0000 😀']) {
      expect(head + JSON.stringify(text) + tail).toBe(JSON.stringify({ ...value, source: text }));
    }
  });

  it('when the member is missing then it throws', () => {
    expect(() => jsonAround({ a: 1 }, 'source')).toThrow('no member source');
  });
});

describe('jsonStringContent', () => {
  it('when a text is cut between whole characters then the escaped pieces join to the escaped whole', () => {
    const text = 'a"b\\c\nd\u2028e\u0001f😀g中h\udfffi';
    const codePoints = Array.from(text);
    for (let cut = 0; cut <= codePoints.length; cut += 1) {
      const pieces = [codePoints.slice(0, cut).join(''), codePoints.slice(cut).join('')];
      expect(`"${pieces.map(jsonStringContent).join('')}"`).toBe(JSON.stringify(text));
    }
  });
});
