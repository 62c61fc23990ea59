import { describe, expect, it } from 'vitest';
import { requiredText, trimInvisible } from './text.js';

describe('trimInvisible', () => {
  it.each([
    ['zero-width spaces', '\u200B\u200B'],
    ['a right-to-left override', '\u202E'],
    ['bidi isolates and marks', '\u2066\u200F\u2069\u200E'],
    ['a byte-order mark', '\uFEFF'],
    ['a word joiner and a zero-width joiner', '\u2060\u200D'],
    ['Hangul fillers', '\u3164\u115F'],
    ['a soft hyphen with spaces', ' \u00AD\t'],
    ['variation selectors only', '\uFE0F\uFE0E'],
  ])('when a value is only %s then it becomes blank', (_label, value) => {
    expect(trimInvisible(value)).toBe('');
    expect(requiredText(100).safeParse(value).success).toBe(false);
  });

  it('when invisibles surround a visible value then they are trimmed like whitespace', () => {
    expect(trimInvisible('\u200B\u202E Title \uFEFF\u2069')).toBe('Title');
    expect(requiredText(100).parse('\u200BTitle\u200B')).toBe('Title');
  });

  it('when a value ends in an emoji sequence then its variation selector and tags stay', () => {
    expect(trimInvisible('Love \u2764\uFE0F')).toBe('Love \u2764\uFE0F');
    const england = '\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}';
    expect(trimInvisible(`Team ${england}`)).toBe(`Team ${england}`);
    expect(trimInvisible('a\u200Db')).toBe('a\u200Db');
  });

  it('when a long run of invisibles precedes a visible character then trimming stays linear', () => {
    const value = '\u200B'.repeat(2_000_000) + 'x';
    const started = performance.now();
    expect(trimInvisible(value)).toBe('x');
    expect(trimInvisible('x' + value)).toBe('x' + value);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
