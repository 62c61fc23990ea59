// How many UTF-16 code units (JavaScript string length) valid UTF-8 bytes decode to, counted on
// the bytes without decoding them: every byte that starts a character counts one, and a
// character of four bytes (outside the BMP: a surrogate pair) one more. Text read as a stream
// may be cut anywhere: the count of the parts adds up to the count of the whole.

/** The UTF-16 length of `bytes` (valid UTF-8, or a part of it cut anywhere). */
export function utf16Length(bytes: Uint8Array): number {
  let units = 0;
  let at = 0;
  const end = bytes.byteLength;
  // Byte by byte up to a 4-byte boundary, then a word at a time (most sources are mostly ASCII).
  const head = Math.min(end, (4 - ((bytes.byteOffset + at) & 3)) & 3);
  for (; at < head; at += 1) units += unitsOf(bytes[at] as number);
  const words = (end - at) >>> 2;
  if (words > 0) {
    const view = new Uint32Array(bytes.buffer, bytes.byteOffset + at, words);
    for (let i = 0; i < words; i += 1) {
      const word = view[i] as number;
      if ((word & 0x80808080) === 0) {
        units += 4;
        continue;
      }
      // Bit 7 of each byte that continues a character (10xxxxxx), and of each that starts one of four bytes (11110xxx).
      const continuation = word & ~(word << 1) & 0x80808080;
      const fourByte = word & (word << 1) & (word << 2) & (word << 3) & ~(word << 4) & 0x80808080;
      units += 4 - bitCount(continuation) + bitCount(fourByte);
    }
    at += words * 4;
  }
  for (; at < end; at += 1) units += unitsOf(bytes[at] as number);
  return units;
}

function unitsOf(byte: number): number {
  if ((byte & 0xc0) === 0x80) return 0;
  return (byte & 0xf8) === 0xf0 ? 2 : 1;
}

function bitCount(value: number): number {
  let v = value - ((value >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}
