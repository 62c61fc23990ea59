// A byte stream cut into segments for the line delta: each segment is a line with its "\n"
// (the last one may have none), held as a latin1 string so that one character is one byte:
// lengths are byte counts and `Buffer.from(segment, 'latin1')` gives the bytes back exactly,
// whatever the encoding. A line longer than MAX_SEGMENT_BYTES is cut into pieces of that size
// (a source without newlines still deltas, only coarsely).
export const MAX_SEGMENT_BYTES = 16 * 1024;

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');

/** Yields the segments of `bytes` in batches (one per chunk read), in order. */
export async function* segmentBatches(bytes: AsyncIterable<Uint8Array>, max = MAX_SEGMENT_BYTES): AsyncGenerator<string[]> {
  let carry = '';
  for await (const chunk of bytes) {
    const text = carry + latin1(chunk);
    const batch: string[] = [];
    let start = 0;
    for (;;) {
      const newline = text.indexOf('\n', start);
      if (newline < 0) break;
      while (newline + 1 - start > max) {
        batch.push(text.slice(start, start + max));
        start += max;
      }
      batch.push(text.slice(start, newline + 1));
      start = newline + 1;
    }
    while (text.length - start >= max) {
      batch.push(text.slice(start, start + max));
      start += max;
    }
    carry = text.slice(start);
    if (batch.length > 0) yield batch;
  }
  if (carry) yield [carry];
}

/** A look-ahead window over a segment stream. */
export class SegmentWindow {
  private held: string[] = [];
  private at = 0;
  private ended = false;
  private readonly source: AsyncIterator<string[]>;

  constructor(batches: AsyncIterable<string[]>) {
    this.source = batches[Symbol.asyncIterator]();
  }

  /** Reads until at least `count` segments are held or the stream ended. */
  async fill(count: number): Promise<void> {
    while (!this.ended && this.held.length - this.at < count) {
      const next = await this.source.next();
      if (next.done) {
        this.ended = true;
        break;
      }
      if (this.at > 4096) {
        this.held = this.held.slice(this.at);
        this.at = 0;
      }
      for (const segment of next.value) this.held.push(segment);
    }
  }

  get size(): number {
    return this.held.length - this.at;
  }

  /** Segment `i` of the window (undefined past its end). */
  peek(i: number): string | undefined {
    return this.held[this.at + i];
  }

  /** Drops the first `count` segments and answers their total length in bytes. */
  take(count: number): number {
    let bytes = 0;
    for (let i = 0; i < count; i += 1) bytes += (this.held[this.at + i] as string).length;
    this.at += count;
    return bytes;
  }

  /** The first `count` segments joined. */
  joined(count: number): string {
    return this.held.slice(this.at, this.at + count).join('');
  }

  /** Ends the underlying stream early. */
  async close(): Promise<void> {
    if (!this.ended) await this.source.return?.();
    this.ended = true;
  }
}
