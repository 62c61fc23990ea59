// Distinct keys counted in fixed memory per key (DESIGN 8: metrics of large sources run with
// bounded memory): a key is kept as a 64-bit fingerprint in flat typed arrays (8 bytes a key, 9
// with a byte of flags), never as a string. Two different keys share a fingerprint with
// probability about n²/2⁶⁵ (1 in 500,000 for 10 million triples): the count is then short by
// one. Open addressing with linear probing; grows by doubling past 3/4 full.
import type { Fingerprint } from './fingerprint.js';

const INITIAL_SLOTS = 1 << 16;
/**
 * Keys added are inserted this many at a time, in the order of their slots (see flush): a
 * batch's keys land a few cache lines apart in a table of millions of slots (2.3 MB of arrays,
 * kept while the table is).
 */
const BATCH = 1 << 17;
/** A batch is ordered by this many top bits of each key's first slot. */
const ORDER_BITS = 15;

/** A batch of keys (as (high, low) pairs) and what ordering it needs. */
type Batch = { keys: Uint32Array; firsts: Uint32Array; order: Uint32Array; starts: Uint32Array };

const newBatch = (): Batch => ({
  keys: new Uint32Array(BATCH * 2),
  firsts: new Uint32Array(BATCH),
  order: new Uint32Array(BATCH),
  starts: new Uint32Array((1 << ORDER_BITS) + 1),
});

/**
 * A set of fingerprints. `add` defers the insertion: a batch of keys is inserted at once in the
 * order of their slots, so that a table far larger than the CPU's caches is walked from one end
 * to the other instead of at random (a random probe of a 32 MB table cost about as much as the
 * parse of the triple that made it).
 */
export class FingerprintTable {
  private slots: number;
  /** Slot i's fingerprint at 2i (high half) and 2i + 1 (low half): one cache line a probe. */
  private prints: Uint32Array;
  private flags: Uint8Array | undefined;
  private count = 0;
  /** Keys added and not yet inserted. */
  private batch: Batch | undefined;
  private batched = 0;

  /**
   * `expected`: how many keys are likely, so that the table is made at its size at once (growing
   * holds the old and the new arrays together, half as much again at the peak).
   */
  constructor(withFlags = false, expected = 0) {
    let slots = INITIAL_SLOTS;
    while (slots * 3 < expected * 4) slots *= 2;
    this.slots = slots;
    this.prints = new Uint32Array(slots * 2);
    if (withFlags) this.flags = new Uint8Array(slots);
  }

  /** How many distinct keys. */
  get size(): number {
    this.flush();
    return this.count;
  }

  /** The slot of the fingerprint, added if new (then `size` grows). */
  private slotOf(print: Fingerprint): number {
    if ((this.count + 1) * 4 > this.slots * 3) this.grow();
    const hi = print.hi >>> 0;
    // 0/0 marks an empty slot.
    const lo = hi === 0 && print.lo >>> 0 === 0 ? 1 : print.lo >>> 0;
    return this.insert(hi, lo, (Math.imul(hi ^ lo, 0x9e3779b1) >>> 0) & (this.slots - 1));
  }

  /** Inserts (hi, lo) from slot `slot` on; answers its slot. */
  private insert(hi: number, lo: number, from: number): number {
    const prints = this.prints;
    const mask = this.slots - 1;
    let slot = from;
    for (;;) {
      const at = slot * 2;
      const slotHi = prints[at] as number;
      const slotLo = prints[at + 1] as number;
      if (slotHi === 0 && slotLo === 0) {
        prints[at] = hi;
        prints[at + 1] = lo;
        this.count += 1;
        return slot;
      }
      if (slotHi === hi && slotLo === lo) return slot;
      slot = (slot + 1) & mask;
    }
  }

  /** Adds the key (inserted with the next batch). */
  add(print: Fingerprint): void {
    const batch = (this.batch ??= newBatch()).keys;
    const hi = print.hi >>> 0;
    batch[this.batched * 2] = hi;
    batch[this.batched * 2 + 1] = hi === 0 && print.lo >>> 0 === 0 ? 1 : print.lo >>> 0;
    this.batched += 1;
    if (this.batched === BATCH) this.flush();
  }

  /** Inserts the batch, ordered by the top bits of each key's first slot (a counting sort). */
  private flush(): void {
    const n = this.batched;
    if (n === 0 || !this.batch) return;
    const { keys: batch, firsts, order, starts } = this.batch;
    this.batched = 0;
    while ((this.count + n) * 4 > this.slots * 3) this.grow();
    const mask = this.slots - 1;
    const shift = Math.max(0, Math.log2(this.slots) - ORDER_BITS);
    starts.fill(0);
    for (let i = 0; i < n; i += 1) {
      const first = (Math.imul((batch[i * 2] as number) ^ (batch[i * 2 + 1] as number), 0x9e3779b1) >>> 0) & mask;
      firsts[i] = first;
      const bucket = (first >>> shift) + 1;
      starts[bucket] = (starts[bucket] as number) + 1;
    }
    for (let bucket = 1; bucket < starts.length; bucket += 1) starts[bucket] = (starts[bucket] as number) + (starts[bucket - 1] as number);
    for (let i = 0; i < n; i += 1) {
      const bucket = (firsts[i] as number) >>> shift;
      const at = starts[bucket] as number;
      starts[bucket] = at + 1;
      order[at] = i;
    }
    for (let k = 0; k < n; k += 1) {
      const i = order[k] as number;
      this.insert(batch[i * 2] as number, batch[i * 2 + 1] as number, firsts[i] as number);
    }
  }

  /**
   * ORs `bits` into the key's flags (a table made with flags), at once; of the bits in `once`,
   * only while the key has none of them yet. Answers the key's flags.
   */
  mark(print: Fingerprint, bits: number, once = 0): number {
    this.flush();
    const slot = this.slotOf(print);
    const flags = this.flags as Uint8Array;
    const had = flags[slot] as number;
    flags[slot] = had | (had & once ? bits & ~once : bits);
    return flags[slot] as number;
  }

  /** Each key's flags, once. */
  *allFlags(): Generator<number> {
    const { flags, prints } = this;
    if (!flags) return;
    for (let slot = 0; slot < this.slots; slot += 1) if (prints[slot * 2] !== 0 || prints[slot * 2 + 1] !== 0) yield flags[slot] as number;
  }

  private grow(): void {
    const { prints, flags } = this;
    const oldSlots = this.slots;
    this.slots *= 2;
    this.prints = new Uint32Array(this.slots * 2);
    if (flags) this.flags = new Uint8Array(this.slots);
    const mask = this.slots - 1;
    for (let old = 0; old < oldSlots; old += 1) {
      const hi = prints[old * 2] as number;
      const lo = prints[old * 2 + 1] as number;
      if (hi === 0 && lo === 0) continue;
      let slot = (Math.imul(hi ^ lo, 0x9e3779b1) >>> 0) & mask;
      while (this.prints[slot * 2] !== 0 || this.prints[slot * 2 + 1] !== 0) slot = (slot + 1) & mask;
      this.prints[slot * 2] = hi;
      this.prints[slot * 2 + 1] = lo;
      if (flags && this.flags) this.flags[slot] = flags[old] as number;
    }
  }
}
