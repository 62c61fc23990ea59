import { DataFactory } from 'n3';
import { describe, expect, it } from 'vitest';
import { TripleSet } from './triple-set.js';

const { namedNode, literal, quad, blankNode } = DataFactory;
const s = (name: string) => namedNode(`http://e/${name}`);

describe('TripleSet', () => {
  it('when a subject comes back in a later run then its earlier statements still count as seen', () => {
    const set = new TripleSet();
    const added = [
      quad(s('a'), s('p'), literal('1')),
      quad(s('a'), s('p'), literal('1')),
      quad(s('b'), s('p'), literal('1')),
      quad(s('a'), s('p'), literal('1')),
      quad(s('a'), s('p'), literal('2')),
      quad(s('b'), s('p'), literal('1')),
      quad(s('a'), s('p'), literal('2')),
    ].map((statement) => set.add(statement));
    expect(added).toEqual([true, false, true, false, true, false, false]);
    expect(set.size).toBe(3);
  });

  it('when literals hold separators, digits and colons then nothing is confused', () => {
    const set = new TripleSet();
    const tricky = ['1:a', '2:ab', '\u0000', '', '3:x1:y', 'a:1', '\u0001"\\u0000"', 'x\u0000y\u0001'];
    for (const text of tricky) set.add(quad(s('a'), s('p'), literal(text)));
    set.add(quad(s('b'), s('p'), literal('x')));
    for (const text of tricky) expect(set.add(quad(s('a'), s('p'), literal(text)))).toBe(false);
    expect(set.add(quad(s('a'), s('p'), literal('1:a', 'en')))).toBe(true);
    expect(set.add(quad(s('a'), s('p'), literal('1:a', namedNode('http://e/dt'))))).toBe(true);
    expect(set.size).toBe(tricky.length + 3);
  });

  it('when blank and named subjects share a value or graphs differ then they stay apart', () => {
    const set = new TripleSet();
    expect(set.add(quad(s('x'), s('p'), s('o')))).toBe(true);
    expect(set.add(quad(blankNode('http://e/x'), s('p'), s('o')))).toBe(true);
    expect(set.add(quad(s('x'), s('p'), s('o'), s('g')))).toBe(true);
    expect(set.add(quad(s('x'), s('p'), s('o')))).toBe(false);
  });

  it('when one predicate has many objects then duplicates are still found', () => {
    const set = new TripleSet();
    for (let i = 0; i < 100; i += 1) set.add(quad(s('a'), s('p'), literal(String(i))));
    for (let i = 0; i < 100; i += 1) expect(set.add(quad(s('a'), s('p'), literal(String(i))))).toBe(false);
    expect(set.size).toBe(100);
  });
});
