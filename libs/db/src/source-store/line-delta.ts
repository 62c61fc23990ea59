// A delta of one byte stream (the new source) against another (its base, the previous
// version), computed while both stream through a bounded window of lines: equal lines are
// copied from the base, and after a difference the two streams resynchronize on the nearest
// pair of equal lines within WINDOW_SEGMENTS of each side (the pair with the fewest lines
// removed and inserted; a short line must be followed by another equal one, so that common
// lines such as " ." or a blank line do not resynchronize on the wrong place; the matcher is the
// streamed text diff's, in @oms/ontology-tools/lookahead). The edit
// script is in order (copy, remove and insert never go back), so a version is rebuilt by one
// pass over its base (op-pieces.ts). A change larger than the window costs more bytes (lines
// of the base dropped and inserted again, about twice the change), never a wrong result.
import { nearestResync } from '@oms/ontology-tools/lookahead';
import type { SegmentWindow } from './segments.js';

/** Lines looked at ahead of each stream when they differ. */
export const WINDOW_SEGMENTS = 512;
/** A line at least this long resynchronizes alone; a shorter one needs the next line equal too. */
const SURE_SEGMENT_BYTES = 24;

export type OpSink = {
  /** Copies the next `bytes` bytes of the base. */
  copy(bytes: number): void;
  /** Removes the next `bytes` bytes of the base (they are not in the new version). */
  remove(bytes: number): void;
  /** Inserts bytes given as a latin1 string (one character per byte). */
  insertLatin1(text: string): void;
  /** Called between steps: lets the sink write what it has (e.g. compressed pieces). */
  drain(): Promise<void>;
};

/** Writes to `sink` the ops that turn `base` into `next`; both windows are read to their end. */
export async function lineDelta(base: SegmentWindow, next: SegmentWindow, sink: OpSink): Promise<void> {
  for (;;) {
    await Promise.all([base.fill(WINDOW_SEGMENTS), next.fill(WINDOW_SEGMENTS)]);
    if (next.size === 0) break;
    if (base.size === 0) {
      sink.insertLatin1(next.joined(next.size));
      next.drop(next.size);
    } else {
      let equal = 0;
      const both = Math.min(base.size, next.size);
      while (equal < both && base.peek(equal) === next.peek(equal)) equal += 1;
      if (equal > 0) {
        next.drop(equal);
        sink.copy(base.takeBytes(equal));
      } else {
        // Nothing in common within the windows: half of each is replaced at once, so that a
        // rewritten file costs a few map operations per line, not a window's worth.
        const [i, j] = nearestResync(base, next, { sureLength: SURE_SEGMENT_BYTES, oneForOne: false }) ?? [Math.ceil(base.size / 2), Math.ceil(next.size / 2)];
        if (i > 0) sink.remove(base.takeBytes(i));
        if (j > 0) {
          sink.insertLatin1(next.joined(j));
          next.drop(j);
        }
      }
    }
    await sink.drain();
  }
  await base.close();
}
