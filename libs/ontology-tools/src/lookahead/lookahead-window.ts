// A look-ahead window over a stream of batches: the consumer asks for a number of items to be
// held (`fill`), looks at them (`peek`) and takes them from the front. Memory is the items held
// plus at most COMPACT_AFTER taken ones not yet dropped. Used by the streamed text diff and by
// the source store's line delta, both of which resynchronize two streams within a window.

/** Taken items are dropped from memory once more than this many have piled up in front. */
const COMPACT_AFTER = 4096;

export class LookaheadWindow<T> {
  private held: T[] = [];
  private at = 0;
  private ended = false;
  private readonly source: AsyncIterator<readonly T[]>;

  constructor(batches: AsyncIterable<readonly T[]>) {
    this.source = batches[Symbol.asyncIterator]();
  }

  /** Reads until at least `count` items are held or the stream ended. */
  async fill(count: number): Promise<void> {
    while (!this.ended && this.held.length - this.at < count) {
      const next = await this.source.next();
      if (next.done) {
        this.ended = true;
        break;
      }
      if (this.at > COMPACT_AFTER) {
        this.held = this.held.slice(this.at);
        this.at = 0;
      }
      for (const item of next.value) this.held.push(item);
    }
  }

  /** How many items are held. */
  get size(): number {
    return this.held.length - this.at;
  }

  /** Item `i` of the window (undefined past its end). */
  peek(i: number): T | undefined {
    return this.held[this.at + i];
  }

  /** Takes the first item (the window must not be empty). */
  take(): T {
    return this.held[this.at++] as T;
  }

  /** The first `count` items, left in the window. */
  first(count: number): T[] {
    return this.held.slice(this.at, this.at + count);
  }

  /** Drops the first `count` items. */
  drop(count: number): void {
    this.at += Math.min(count, this.size);
  }

  /** Ends the underlying stream early (nothing more is read). */
  async close(): Promise<void> {
    if (!this.ended) await this.source.return?.(undefined);
    this.ended = true;
  }
}
