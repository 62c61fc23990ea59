import { describe, expect, it } from 'vitest';
import { utf16Length } from './utf16-length.js';

const SAMPLES = ['plain ASCII text\n', 'accents: é à ü ß', 'CJK: 本体论 オントロジー', 'outside the BMP: 𝔸𝕓 🦉 𐍈', '\uFEFFa BOM first'];

describe('the UTF-16 length of UTF-8 bytes', () => {
  it('when text mixes characters of one to four bytes then the count is its JavaScript length, from any alignment', () => {
    let text = '';
    for (let i = 0; i < 400; i += 1) text += SAMPLES[(i * 7) % SAMPLES.length];
    const bytes = Buffer.from(text, 'utf8');
    for (let shift = 0; shift < 4; shift += 1) {
      // The same bytes at each offset of a larger buffer (views not aligned to 4 bytes).
      const backing = new Uint8Array(bytes.byteLength + 8);
      backing.set(bytes, shift);
      expect(utf16Length(backing.subarray(shift, shift + bytes.byteLength))).toBe(text.length);
    }
  });

  it('when the bytes are cut anywhere, even inside a character, then the parts add up to the whole', () => {
    const text = SAMPLES.join('').repeat(20);
    const bytes = Buffer.from(text, 'utf8');
    for (let cut = 0; cut <= bytes.byteLength; cut += 1) {
      expect(utf16Length(bytes.subarray(0, cut)) + utf16Length(bytes.subarray(cut))).toBe(text.length);
    }
  });
});
