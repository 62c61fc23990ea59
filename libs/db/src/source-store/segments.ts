// A byte stream cut into segments for the line delta: each segment is a line with its "\n"
// (the last one may have none), held as a latin1 string so that one character is one byte:
// lengths are byte counts and `Buffer.from(segment, 'latin1')` gives the bytes back exactly,
// whatever the encoding. A line longer than MAX_SEGMENT_BYTES is cut into pieces of that size
// (a source without newlines still deltas, only coarsely).
import { LookaheadWindow, latin1LineBatches } from '@oms/ontology-tools/lookahead';

export const MAX_SEGMENT_BYTES = 16 * 1024;

/** Yields the segments of `bytes` in batches (one per chunk read), in order. */
export const segmentBatches = (bytes: AsyncIterable<Uint8Array>, max = MAX_SEGMENT_BYTES): AsyncGenerator<string[]> => latin1LineBatches(bytes, max);

/** A look-ahead window over a segment stream. */
export class SegmentWindow extends LookaheadWindow<string> {
  /** Drops the first `count` segments and answers their total length in bytes. */
  takeBytes(count: number): number {
    let bytes = 0;
    for (let i = 0; i < count; i += 1) bytes += (this.peek(i) as string).length;
    this.drop(count);
    return bytes;
  }

  /** The first `count` segments joined. */
  joined(count: number): string {
    return this.first(count).join('');
  }
}
