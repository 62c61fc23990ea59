import { describe, expect, it } from 'vitest';
import { ifRangeHolds, requestedRange } from './byte-range.js';

describe('requestedRange', () => {
  it('when no Range is given then the whole body is answered', () => {
    expect(requestedRange(undefined, 10)).toBeUndefined();
  });
  it('when a closed range is given then those bytes, clipped to the end, are answered', () => {
    expect(requestedRange('bytes=2-5', 10)).toEqual({ start: 2, end: 5 });
    expect(requestedRange('bytes=8-100', 10)).toEqual({ start: 8, end: 9 });
    expect(requestedRange('BYTES = 0 - 0', 10)).toEqual({ start: 0, end: 0 });
  });
  it('when an open range is given then the bytes to the end are answered', () => {
    expect(requestedRange('bytes=3-', 10)).toEqual({ start: 3, end: 9 });
  });
  it('when a suffix is given then the last bytes are answered, the whole body when it is shorter', () => {
    expect(requestedRange('bytes=-4', 10)).toEqual({ start: 6, end: 9 });
    expect(requestedRange('bytes=-40', 10)).toEqual({ start: 0, end: 9 });
  });
  it('when the range starts past the end, is an empty suffix or the body is empty then it is unsatisfiable', () => {
    expect(requestedRange('bytes=10-', 10)).toBe('unsatisfiable');
    expect(requestedRange('bytes=10-20', 10)).toBe('unsatisfiable');
    expect(requestedRange('bytes=-0', 10)).toBe('unsatisfiable');
    expect(requestedRange('bytes=-5', 0)).toBe('unsatisfiable');
    expect(requestedRange('bytes=0-', 0)).toBe('unsatisfiable');
  });
  it('when the header is malformed, of another unit or asks several ranges then it is ignored', () => {
    for (const header of ['bytes=5-2', 'bytes=-', 'items=0-1', 'bytes=0-1,4-5', 'bytes=a-b', 'bytes=1.5-2']) {
      expect(requestedRange(header, 10), header).toBeUndefined();
    }
  });
});

describe('ifRangeHolds', () => {
  it('when If-Range is absent or names the ETag then the range applies, else not', () => {
    expect(ifRangeHolds(undefined, '"a"')).toBe(true);
    expect(ifRangeHolds('"a"', '"a"')).toBe(true);
    expect(ifRangeHolds('"b"', '"a"')).toBe(false);
    expect(ifRangeHolds('W/"a"', '"a"')).toBe(false);
    expect(ifRangeHolds('Wed, 21 Oct 2015 07:28:00 GMT', '"a"')).toBe(false);
  });
});
