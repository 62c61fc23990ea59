import { describe, expect, it } from 'vitest';
import { blockWidth, textWidth } from './text-metrics.js';

describe('textWidth', () => {
  it('when text is wider in characters then it measures wider', () => {
    expect(textWidth('WWW', 10)).toBeGreaterThan(textWidth('iii', 10));
    expect(textWidth('', 10)).toBe(0);
  });

  it('when the font grows then the width grows in proportion', () => {
    expect(textWidth('Person', 20)).toBeCloseTo(2 * textWidth('Person', 10));
  });

  it('when a block has several lines then the widest line counts', () => {
    expect(blockWidth(['a', 'abcdef'], 10)).toBe(textWidth('abcdef', 10));
  });

  it('when text is in a wide script then each character counts as a full em', () => {
    expect(textWidth('漢字', 10)).toBeGreaterThan(textWidth('ab', 10));
  });
});
