// Range requests on a body of known length (RFC 9110 section 14). One range is answered (206):
// `bytes=a-b`, `bytes=a-`, `bytes=-n`. A header that is not one well-formed byte range (another
// unit, bad syntax, several ranges) is ignored and the whole body answered, as the RFC allows.
// A well-formed range that lies past the end (or `-0`) is unsatisfiable (416).

/** First and last byte, both included. */
export type ByteRange = { start: number; end: number };

const SINGLE_RANGE = /^bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i;

/** The range `header` asks of a body of `size` bytes; undefined: answer the whole body. */
export function requestedRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  if (header === undefined) return undefined;
  const match = SINGLE_RANGE.exec(header);
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}

/** `If-Range`: the Range applies only when it names the current (strong) ETag; a date or another tag gets the whole body. */
export function ifRangeHolds(ifRange: string | undefined, etag: string): boolean {
  return ifRange === undefined || ifRange.trim() === etag;
}
