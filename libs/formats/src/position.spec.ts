import { describe, expect, it } from 'vitest';
import { positionAt, refuse } from './position.js';

describe('positionAt', () => {
  it('when the offset is on the first line then line 1 and a 1-based column are given', () => {
    expect(positionAt('abc', 0)).toEqual({ line: 1, column: 1 });
    expect(positionAt('abc', 2)).toEqual({ line: 1, column: 3 });
  });

  it('when the offset follows line breaks then lines are counted from 1', () => {
    expect(positionAt('a\nbc\ndef', 6)).toEqual({ line: 3, column: 2 });
  });

  it('when lines end with CRLF then each break counts once', () => {
    expect(positionAt('a\r\nbc\r\ndef', 7)).toEqual({ line: 3, column: 1 });
  });

  it('when the offset is past the end then the end of the text is given', () => {
    expect(positionAt('ab\nc', 99)).toEqual({ line: 2, column: 2 });
  });
});

describe('refuse', () => {
  it('when a line and column are known then the message starts with both', () => {
    expect(refuse('Unexpected end of input', { line: 12, column: 6 })).toEqual({
      ok: false,
      message: 'line 12, column 6: unexpected end of input',
      line: 12,
      column: 6,
    });
  });

  it('when only the line is known then the message starts with the line', () => {
    expect(refuse('Unexpected "A".', { line: 13 })).toEqual({ ok: false, message: 'line 13: unexpected "A"', line: 13 });
  });

  it('when the sentence starts with an acronym then its case is kept', () => {
    expect(refuse('IRI is invalid').message).toBe('IRI is invalid');
  });

  it('when the message holds control characters or is very long then it stays one short line', () => {
    expect(refuse("Unexpected token '\n'").message).toBe("unexpected token '\\n'");
    expect(refuse('x'.repeat(5000)).message.length).toBeLessThanOrEqual(300);
  });
});
