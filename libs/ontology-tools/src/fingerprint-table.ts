// Distinct keys counted in fixed memory per key (DESIGN 8: metrics of large sources run with
// bounded memory): a key is kept as a 64-bit fingerprint in flat typed arrays (8 bytes a key, 9
// with a byte of flags), never as a string. Two different keys share a fingerprint with
// probability about n²/2⁶⁵ (1 in 500,000 for 10 million triples): the count is then short by
// one. Open addressing with linear probing; grows by doubling past 3/4 full.

const INITIAL_SLOTS = 1 << 16;

const rotate = (value: number, bits: number) => (value << bits) | (value >>> (32 - bits));

/** MurmurHash3's 32-bit finalizer: every input bit reaches every output bit. */
function finalMix(value: number): number {
  let h = value ^ (value >>> 16);
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** Two independent 32-bit hashes of text, continued from `seed` (FNV-1a style, two multipliers). */
export class Fingerprint {
  hi = 0x811c9dc5;
  lo = 0x01000193;

  reset(from?: Fingerprint): this {
    this.hi = from ? from.hi : 0x811c9dc5;
    this.lo = from ? from.lo : 0x01000193;
    return this;
  }

  /** This becomes the fingerprint of the sequence (a, b, c), each position weighted apart. */
  mix(a: Fingerprint, b: Fingerprint, c: Fingerprint): this {
    this.hi = finalMix(Math.imul(a.hi, 0x9e3779b1) ^ rotate(Math.imul(b.hi, 0x85ebca6b), 13) ^ rotate(Math.imul(c.hi, 0xc2b2ae35), 26));
    this.lo = finalMix(Math.imul(a.lo, 0x27d4eb2f) ^ rotate(Math.imul(b.lo, 0x165667b1), 11) ^ rotate(Math.imul(c.lo, 0xd3a2646c), 23));
    return this;
  }

  add(text: string): this {
    let hi = this.hi;
    let lo = this.lo;
    for (let index = 0; index < text.length; index += 1) {
      const code = text.charCodeAt(index);
      hi = Math.imul(hi ^ code, 0x01000193);
      lo = Math.imul(lo ^ code, 0x5bd1e995);
      lo ^= lo >>> 15;
    }
    // A separator, so that ("ab", "c") and ("a", "bc") differ.
    this.hi = Math.imul(hi ^ 0xffff, 0x01000193);
    this.lo = Math.imul(lo ^ 0xffff, 0x5bd1e995) ^ (text.length * 0x9e3779b1);
    return this;
  }
}

export class FingerprintTable {
  private slots: number;
  private his: Uint32Array;
  private los: Uint32Array;
  private flags: Uint8Array | undefined;
  size = 0;

  /**
   * `expected`: how many keys are likely, so that the table is made at its size at once (growing
   * holds the old and the new arrays together, half as much again at the peak).
   */
  constructor(withFlags = false, expected = 0) {
    let slots = INITIAL_SLOTS;
    while (slots * 3 < expected * 4) slots *= 2;
    this.slots = slots;
    this.his = new Uint32Array(slots);
    this.los = new Uint32Array(slots);
    if (withFlags) this.flags = new Uint8Array(slots);
  }

  /** The slot of the fingerprint, added if new (then `size` grows). */
  private slotOf(print: Fingerprint): number {
    if ((this.size + 1) * 4 > this.slots * 3) this.grow();
    const hi = print.hi >>> 0;
    // 0/0 marks an empty slot.
    const lo = hi === 0 && print.lo >>> 0 === 0 ? 1 : print.lo >>> 0;
    const mask = this.slots - 1;
    let slot = (Math.imul(hi ^ lo, 0x9e3779b1) >>> 0) & mask;
    for (;;) {
      const slotHi = this.his[slot] as number;
      const slotLo = this.los[slot] as number;
      if (slotHi === 0 && slotLo === 0) {
        this.his[slot] = hi;
        this.los[slot] = lo;
        this.size += 1;
        return slot;
      }
      if (slotHi === hi && slotLo === lo) return slot;
      slot = (slot + 1) & mask;
    }
  }

  add(print: Fingerprint): void {
    this.slotOf(print);
  }

  /** ORs `bits` into the key's flags (a table made with flags). */
  mark(print: Fingerprint, bits: number): number {
    const slot = this.slotOf(print);
    const flags = this.flags as Uint8Array;
    flags[slot] = (flags[slot] as number) | bits;
    return flags[slot] as number;
  }

  /** Each key's flags, once. */
  *allFlags(): Generator<number> {
    const flags = this.flags;
    if (!flags) return;
    for (let slot = 0; slot < this.slots; slot += 1) if (this.his[slot] !== 0 || this.los[slot] !== 0) yield flags[slot] as number;
  }

  private grow(): void {
    const { his, los, flags } = this;
    this.slots *= 2;
    this.his = new Uint32Array(this.slots);
    this.los = new Uint32Array(this.slots);
    if (flags) this.flags = new Uint8Array(this.slots);
    const mask = this.slots - 1;
    for (let old = 0; old < his.length; old += 1) {
      const hi = his[old] as number;
      const lo = los[old] as number;
      if (hi === 0 && lo === 0) continue;
      let slot = (Math.imul(hi ^ lo, 0x9e3779b1) >>> 0) & mask;
      while (this.his[slot] !== 0 || this.los[slot] !== 0) slot = (slot + 1) & mask;
      this.his[slot] = hi;
      this.los[slot] = lo;
      if (flags && this.flags) this.flags[slot] = flags[old] as number;
    }
  }
}
