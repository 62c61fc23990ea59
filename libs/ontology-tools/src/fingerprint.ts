// A 64-bit fingerprint of a key made of texts (two independent 32-bit hashes, FNV-1a style with
// two multipliers, finished by MurmurHash3's mixer), built without joining the texts into one
// string: what FingerprintTable counts (DESIGN 8: metrics of large sources in bounded memory).

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

  /**
   * Continues with `text`, two UTF-16 code units a step (a word of 32 bits, each lane mixed
   * by a multiplication and a shift back down), then its length as a separator, so that
   * ("ab", "c") and ("a", "bc") differ.
   */
  add(text: string): this {
    let hi = this.hi;
    let lo = this.lo;
    const length = text.length;
    let index = 0;
    for (; index + 1 < length; index += 2) {
      const word = text.charCodeAt(index) | (text.charCodeAt(index + 1) << 16);
      hi = Math.imul(hi ^ word, 0x01000193);
      hi ^= hi >>> 13;
      lo = Math.imul(lo ^ word, 0x5bd1e995);
      lo ^= lo >>> 15;
    }
    if (index < length) {
      const unit = text.charCodeAt(index);
      hi = Math.imul(hi ^ unit, 0x01000193);
      lo = Math.imul(lo ^ unit, 0x5bd1e995);
    }
    this.hi = Math.imul(hi ^ 0xffff, 0x01000193);
    this.lo = Math.imul(lo ^ 0xffff, 0x5bd1e995) ^ (length * 0x9e3779b1);
    return this;
  }

  /** `add` of the text whose UTF-16 code units are units[from, to): the same fingerprint. */
  addUnits(units: Uint16Array, from: number, to: number): this {
    let hi = this.hi;
    let lo = this.lo;
    let index = from;
    for (; index + 1 < to; index += 2) {
      const word = (units[index] as number) | ((units[index + 1] as number) << 16);
      hi = Math.imul(hi ^ word, 0x01000193);
      hi ^= hi >>> 13;
      lo = Math.imul(lo ^ word, 0x5bd1e995);
      lo ^= lo >>> 15;
    }
    if (index < to) {
      const unit = units[index] as number;
      hi = Math.imul(hi ^ unit, 0x01000193);
      lo = Math.imul(lo ^ unit, 0x5bd1e995);
    }
    this.hi = Math.imul(hi ^ 0xffff, 0x01000193);
    this.lo = Math.imul(lo ^ 0xffff, 0x5bd1e995) ^ ((to - from) * 0x9e3779b1);
    return this;
  }
}
