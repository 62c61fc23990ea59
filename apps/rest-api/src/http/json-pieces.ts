// JSON text in pieces, for answers that stream one large string member: the text before and
// after that member, and the escaped content of each piece of the string. Joined, the pieces
// are exactly JSON.stringify of the whole (its member order and its escapes).

/** The JSON of `value` up to `"key":` and from the comma after that member to the end. */
export function jsonAround(value: object, key: string): { head: string; tail: string } {
  const entries = Object.entries(value);
  const at = entries.findIndex(([name]) => name === key);
  if (at < 0) throw new Error(`no member ${key} to stream`);
  const before = JSON.stringify(Object.fromEntries(entries.slice(0, at)));
  const after = JSON.stringify(Object.fromEntries(entries.slice(at + 1)));
  return {
    head: `${before === '{}' ? '{' : `${before.slice(0, -1)},`}${JSON.stringify(key)}:`,
    tail: after === '{}' ? '}' : `,${after.slice(1)}`,
  };
}

/**
 * The escaped content of a piece of a JSON string (no quotes). JSON.stringify escapes one
 * character at a time, so pieces that do not split a surrogate pair join to the whole.
 */
export function jsonStringContent(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}

/**
 * JSON.stringify of `value` in pieces, its string member `key` taken from `text` piece by piece
 * (the value's own `key` is ignored). The first piece holds the text before the member and the
 * member's first piece: nothing is written before the first piece of the string is read.
 */
export async function* jsonWithStreamedString(value: object, key: string, text: AsyncIterable<string>): AsyncGenerator<string> {
  const { head, tail } = jsonAround(value, key);
  let pending = `${head}"`;
  for await (const piece of text) {
    yield pending + jsonStringContent(piece);
    pending = '';
  }
  yield `${pending}"${tail}`;
}
