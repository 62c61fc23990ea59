import { describe, expect, it } from 'vitest';
import { isUuid } from './ids.js';

describe('isUuid', () => {
  it('when a UUID is given in lower, upper or mixed case then it is one', () => {
    for (const value of ['0190b000-0000-7000-8000-00000000000a', '0190B000-0000-7000-8000-00000000000A', '0190b000-0000-7000-8000-00000000000A']) {
      expect(isUuid(value), value).toBe(true);
    }
  });

  it('when the value is not exactly a UUID then it is not one', () => {
    for (const value of ['', 'abc', '0190b000-0000-7000-8000-00000000000', '0190b000-0000-7000-8000-00000000000g', ' 0190b000-0000-7000-8000-00000000000a', '0190b0000000700080000000000000a0']) {
      expect(isUuid(value), value).toBe(false);
    }
  });
});
