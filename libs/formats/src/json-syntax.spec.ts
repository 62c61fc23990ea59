import { describe, expect, it } from 'vitest';
import { jsonDepthExceeded } from './check-json.js';
import { locateJsonError } from './json-syntax.js';

describe('locateJsonError', () => {
  it('when the text is valid JSON then no error is found', () => {
    for (const text of ['{}', ' [1, -2.5e3, "a\\"b\\u00e9", true, false, null, {"k": []}] ', '"x"', '0']) {
      expect(locateJsonError(text), text).toBeUndefined();
    }
  });

  it('when a value is misspelt then the error is where the value starts', () => {
    expect(locateJsonError('{\n  "a": tru\n}')).toBe(9);
  });

  it('when an object has a trailing comma then the error is at the closing brace', () => {
    expect(locateJsonError('{"a": 1,}')).toBe(8);
  });

  it('when the input stops early then the error is at the end', () => {
    expect(locateJsonError('[1,')).toBe(3);
    expect(locateJsonError('"abc')).toBe(4);
  });

  it('when a string holds a raw control character or a bad escape then the error is on it', () => {
    expect(locateJsonError('["a\nb"]')).toBe(3);
    expect(locateJsonError('["a\\qb"]')).toBe(3);
  });

  it('when text follows the value then the error is on that text', () => {
    expect(locateJsonError('[1] x')).toBe(4);
  });
});

describe('jsonDepthExceeded', () => {
  it('when nesting stays within the limit then nothing is reported', () => {
    expect(jsonDepthExceeded('[[{"a": [1]}]]', 4)).toBeUndefined();
  });

  it('when nesting goes past the limit then the offset of the first bracket too deep is given', () => {
    expect(jsonDepthExceeded('[[[[1]]]]', 3)).toBe(3);
  });

  it('when brackets are inside strings then they do not count, even after an escaped quote', () => {
    expect(jsonDepthExceeded('["[[[[", "\\"[[[[["]', 1)).toBeUndefined();
  });
});
