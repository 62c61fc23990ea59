// JSON checked from its bytes as they come (DESIGN 8): a strict UTF-8 decoder (a byte order mark
// dropped for parsing only) and the exact scanner of json-stream-scanner.ts, fed chunk by chunk.
// It accepts and refuses the documents checkJson does, at the same line and column (after a
// syntax error the rest is still read for nesting past the bound, which checkJson reports first).
// What is held is the scanner's state, the decoder's partial character and what the listener keeps.
import { MAX_JSON_DEPTH } from './check-json.js';
import { JsonStreamScanner, type JsonListener } from './json-stream-scanner.js';
import { ACCEPTED, reasonOf, refuse, type SourceCheck } from './position.js';

/**
 * Checks a JSON document given as UTF-8 bytes. Bytes that are not UTF-8, an empty document,
 * nesting past MAX_JSON_DEPTH and any syntax error are refusals with their line and column.
 * `listener` sees where values start and the keys of shallow objects (json-stream-scanner.ts).
 */
/** How many leading bytes of `chunk` a fresh strict decoder takes without an error (a binary search). */
function validPrefix(chunk: Uint8Array, ignoreBOM: boolean): number {
  let low = 0;
  let high = chunk.byteLength;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    try {
      new TextDecoder('utf-8', { fatal: true, ignoreBOM }).decode(chunk.subarray(0, middle), { stream: true });
      low = middle;
    } catch {
      high = middle - 1;
    }
  }
  return low;
}

/** The bytes at the end of `bytes` that start a character not yet complete (what a streaming decoder keeps for the next chunk). */
function incompleteTail(bytes: Uint8Array): Uint8Array {
  for (let back = 1; back <= Math.min(3, bytes.byteLength); back += 1) {
    const byte = bytes[bytes.byteLength - back] as number;
    if (byte < 0x80) break;
    if (byte >= 0xc0) return back < (byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2) ? bytes.subarray(bytes.byteLength - back) : new Uint8Array(0);
  }
  return new Uint8Array(0);
}

export async function checkJsonStream(bytes: AsyncIterable<Uint8Array>, listener?: JsonListener): Promise<SourceCheck> {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  const scanner = new JsonStreamScanner(MAX_JSON_DEPTH, listener);
  // As validateSource: a document of nothing but white space (in JavaScript's sense, wider than
  // JSON's) is empty, even where the scanner already failed on a no-break space.
  let blank = true;
  const give = (text: string) => {
    if (blank && /[^\s]/.test(text)) blank = false;
    if (scanner.reading) scanner.write(text);
  };
  try {
    // The chunk being decoded, after the bytes of a character the previous ones left incomplete.
    let last: Uint8Array | undefined;
    let carry: Uint8Array = new Uint8Array(0);
    let first = true;
    try {
      for await (const chunk of bytes) {
        first = last === undefined;
        last = carry.byteLength > 0 ? Buffer.concat([carry, chunk]) : chunk;
        give(decoder.decode(chunk, { stream: true }));
        carry = incompleteTail(last);
        if (!scanner.reading && !blank) break;
      }
      last = undefined;
      give(decoder.decode());
    } catch (error) {
      if (!(error instanceof TypeError)) throw error;
      // The characters before the bad bytes are scanned first, so that the position is theirs.
      const ignoreBOM = !first;
      if (last) give(new TextDecoder('utf-8', { ignoreBOM }).decode(last.subarray(0, validPrefix(last, ignoreBOM)), { stream: true }));
      // The whole-text path refuses such bytes before any check, wherever they are.
      if (scanner.reading || blank) return refuse('the document is not UTF-8 text', scanner.position);
    }
  } catch (error) {
    if (!scanner.failure) return refuse(`the document could not be checked: ${reasonOf(error)}`);
  }
  if (blank) return refuse('the document is empty');
  const failure = scanner.end();
  if (!failure) return ACCEPTED;
  return refuse(failure.message, { line: failure.line, column: failure.column });
}
