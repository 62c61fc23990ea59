import { describe, expect, it } from 'vitest';
import { NAME_WORD_MAX_CHARS, NAME_WORDS_MAX_BYTES, nameIndexWords, normalizeText, textWords } from './term-text.js';

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
    'already normal text 42',
    'trailing ',
    ' leading',
    'two  spaces',
    '',
    'x',
    'a-b_c.d',
  ])('when %j is normalized then ASCII and Unicode paths agree', (text) => {
    expect(normalizeText(text)).toBe(slowNormalize(text));
    expect(textWords(normalizeText(text))).toEqual(slowWords(slowNormalize(text)));
  });

  it('when accents and ligatures are folded then they match their plain forms', () => {
    expect(normalizeText('HEÁRT')).toBe('heart');
    expect(textWords(normalizeText('ﬁbre-optic Ünit 42'))).toEqual(['fibre', 'optic', 'unit', '42']);
  });
});

describe('name index words', () => {
  it('when words repeat or are too long then they are cut to the lexeme bound and kept once, in order', () => {
    const long = 'a'.repeat(NAME_WORD_MAX_CHARS + 20);
    const words = nameIndexWords(['heart', long, 'valve', 'heart', `${'a'.repeat(NAME_WORD_MAX_CHARS)}b`]);
    expect(words).toEqual(['heart', 'a'.repeat(NAME_WORD_MAX_CHARS), 'valve']);
  });

  it('when a word has astral characters then it is cut by code points, never inside a pair', () => {
    const [word] = nameIndexWords(['𝔸'.repeat(NAME_WORD_MAX_CHARS + 1)]);
    expect(Array.from(word ?? '')).toHaveLength(NAME_WORD_MAX_CHARS);
    expect(word?.isWellFormed()).toBe(true);
  });

  it('when the names are larger than the tsvector bound then only the first words that fit are kept', () => {
    const words = Array.from({ length: 3000 }, (_, i) => `${String(i).padStart(4, '0')}${'x'.repeat(NAME_WORD_MAX_CHARS - 4)}`);
    const kept = nameIndexWords(words);
    expect(kept).toEqual(words.slice(0, Math.floor(NAME_WORDS_MAX_BYTES / NAME_WORD_MAX_CHARS)));
  });
});
