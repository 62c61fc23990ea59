import { describe, expect, it } from 'vitest';
import { Fingerprint, FingerprintTable } from './fingerprint-table.js';

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
});
