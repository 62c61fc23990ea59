import { describe, expect, it } from 'vitest';
import { normalizeText, textWords } from './term-text.js';

// The general path the ASCII fast paths must agree with.
const slowNormalize = (text: string) => text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
const slowWords = (text: string) => text.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length > 0);

describe('term text', () => {
  it.each([
    '  Heart   Valve ',
    'GO:0008150',
    'http://purl.obolibrary.org/obo/HP_0000001',
    'tab\tand\nnewline',
    'C++ & (x)',
    'HEÁRT',
    'Ångström unit',
    'ﬁbre ﬂow',
    'Straße',
    'naïve café',
  ])('when %j is normalized then ASCII and Unicode paths agree', (text) => {
    expect(normalizeText(text)).toBe(slowNormalize(text));
    expect(textWords(normalizeText(text))).toEqual(slowWords(slowNormalize(text)));
  });

  it('when accents and ligatures are folded then they match their plain forms', () => {
    expect(normalizeText('HEÁRT')).toBe('heart');
    expect(textWords(normalizeText('ﬁbre-optic Ünit 42'))).toEqual(['fibre', 'optic', 'unit', '42']);
  });
});
