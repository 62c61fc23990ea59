// A byte stream cut into lines, each with its "\n" (the last one may have none), held as latin1
// strings so that one character is one byte: lengths are byte counts and
// `Buffer.from(line, 'latin1')` gives the bytes back exactly, whatever the encoding. A line longer
// than `max` bytes is cut into pieces of that size, so that memory stays bounded.

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');

/** Yields the lines of `bytes` in batches (one per chunk read that ends at least one), in order. */
export async function* latin1LineBatches(bytes: AsyncIterable<Uint8Array>, max: number): AsyncGenerator<string[]> {
  let carry = '';
  for await (const chunk of bytes) {
    const text = carry + latin1(chunk);
    const batch: string[] = [];
    let start = 0;
    for (let newline = text.indexOf('\n'); newline >= 0; newline = text.indexOf('\n', start)) {
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
