import { describe, expect, it } from 'vitest';
import { blockWidth, textWidth, wrapText } from './text-metrics.js';

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

describe('wrapText', () => {
  it('when text fits then it comes back as it is', () => {
    expect(wrapText('Person', 100, 10)).toEqual(['Person']);
    expect(wrapText('a\nb', 100, 10)).toEqual(['a', 'b']);
  });

  it('when text is too wide then it breaks at spaces and every line fits', () => {
    const lines = wrapText('is related in a very long-winded way to '.repeat(5), 120, 10);
    expect(lines.length).toBeGreaterThan(3);
    expect(lines.every((line) => textWidth(line, 10) <= 120)).toBe(true);
    expect(lines.join(' ')).toBe('is related in a very long-winded way to '.repeat(5).trim());
  });

  it('when one word is wider than a line then it is cut inside the word', () => {
    const lines = wrapText('X'.repeat(100), 60, 10);
    expect(lines.join('')).toBe('X'.repeat(100));
    expect(lines.every((line) => textWidth(line, 10) <= 60)).toBe(true);
  });

  it('when there are more lines than allowed then the last kept line ends in an ellipsis', () => {
    const lines = wrapText(Array.from({ length: 50 }, (_, index) => `line ${index}`).join('\n'), 100, 10, 4);
    expect(lines).toHaveLength(4);
    expect(lines[3]).toMatch(/ …$/);
    expect(lines.every((line) => textWidth(line, 10) <= 100)).toBe(true);
  });
});
