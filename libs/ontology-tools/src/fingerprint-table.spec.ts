import { describe, expect, it } from 'vitest';
import { Fingerprint } from './fingerprint.js';
import { FingerprintTable } from './fingerprint-table.js';

describe('distinct keys counted by fingerprint', () => {
  it('when many keys come with repeats, across several batches and growths, then the count is the number of distinct keys', () => {
    const table = new FingerprintTable();
    const print = new Fingerprint();
    const distinct = new Set<string>();
    for (let i = 0; i < 300_000; i += 1) {
      // Every third key is one seen before; keys of odd and even lengths, non-ASCII too.
      const key = i % 3 === 0 ? `http://example.org/t${i >> 1}` : `http://example.org/t${i}${i % 2 ? 'é' : ''}`;
      distinct.add(key);
      table.add(print.reset().add(key));
      if (i === 70_000) expect(table.size).toBe(distinct.size);
    }
    expect(table.size).toBe(distinct.size);
  });

  it('when keys are marked then each key keeps the union of its flags, listed once', () => {
    const table = new FingerprintTable(true);
    const print = new Fingerprint();
    for (let i = 0; i < 100_000; i += 1) table.mark(print.reset().add(`s${i % 1000}`), 1 << (i % 3));
    const flags = [...table.allFlags()];
    expect(flags).toHaveLength(1000);
    expect(flags.every((bits) => bits === 7)).toBe(true);
  });

  it('when two texts differ only in where one ends then their fingerprints differ', () => {
    const a = new Fingerprint().add('ab').add('c');
    const b = new Fingerprint().add('a').add('bc');
    expect([a.hi, a.lo]).not.toEqual([b.hi, b.lo]);
  });

  it('when a text is hashed from its UTF-16 code units then its fingerprint is that of the text', () => {
    for (const text of ['', 'a', 'ab', 'http://example.org/t1', '"étude"@fr', 'a\u{1F600}b', 'x\uD800', '"line\nbreak"']) {
      const units = new Uint16Array(text.length + 3);
      for (let i = 0; i < text.length; i += 1) units[i + 2] = text.charCodeAt(i);
      const fromUnits = new Fingerprint().add('g').addUnits(units, 2, 2 + text.length);
      const fromText = new Fingerprint().add('g').add(text);
      expect([fromUnits.hi, fromUnits.lo]).toEqual([fromText.hi, fromText.lo]);
    }
  });

  it('when a key is marked with bits set only once then later marks leave those bits as the first set them', () => {
    const table = new FingerprintTable(true);
    const print = new Fingerprint().add('s');
    expect(table.mark(print, 0b0101, 0b0011)).toBe(0b0101);
    expect(table.mark(print, 0b1010, 0b0011)).toBe(0b1101);
    expect(table.mark(print, 0b0010)).toBe(0b1111);
  });
});
