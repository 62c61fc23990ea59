// V8 leaves the position out of some JSON.parse messages ("Unexpected token 'x', ... is
// not valid JSON"). This scanner walks the JSON grammar only to find where the first
// error is; it runs after JSON.parse has already failed, so speed matters little. It is
// iterative (an explicit stack), so deep nesting cannot overflow the call stack.

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);

type Expect = 'value' | 'value-or-close' | 'key' | 'key-or-close' | 'colon' | 'after-value';

/** Offset just past the string starting at `start`; when it is broken, -(offset of the error) - 1. */
function scanString(text: string, start: number): number {
  for (let index = start + 1; index < text.length; index += 1) {
    const char = text.charAt(index);
    if (char === '"') return index + 1;
    if (char.charCodeAt(0) < 0x20) return -index - 1;
    if (char === '\\') {
      const next = text.charAt(index + 1);
      if (next === 'u') {
        if (!/^[0-9a-fA-F]{4}$/.test(text.slice(index + 2, index + 6))) return -index - 1;
        index += 5;
      } else if (ESCAPES.has(next)) {
        index += 1;
      } else {
        return -index - 1;
      }
    }
  }
  return -text.length - 1;
}

/** Offset past a scalar value starting at `index`, or undefined when none starts there. */
function scanScalar(text: string, index: number): number | undefined {
  for (const literal of ['true', 'false', 'null']) {
    if (text.startsWith(literal, index)) return index + literal.length;
  }
  NUMBER.lastIndex = index;
  return NUMBER.test(text) ? NUMBER.lastIndex : undefined;
}

/** Offset of the first JSON syntax error, or undefined when the text is valid JSON. */
export function locateJsonError(text: string): number | undefined {
  const stack: string[] = [];
  let expect: Expect = 'value';
  let index = 0;
  for (;;) {
    while (index < text.length && ' \t\n\r'.includes(text.charAt(index))) index += 1;
    if (index >= text.length) return expect === 'after-value' && stack.length === 0 ? undefined : index;
    const char = text.charAt(index);
    if (expect === 'after-value') {
      const open = stack.at(-1);
      if (open === undefined) return index;
      if (char === ',') expect = open === '[' ? 'value' : 'key';
      else if (char === (open === '[' ? ']' : '}')) stack.pop();
      else return index;
      index += 1;
    } else if (expect === 'colon') {
      if (char !== ':') return index;
      expect = 'value';
      index += 1;
    } else if ((expect === 'value-or-close' && char === ']') || (expect === 'key-or-close' && char === '}')) {
      stack.pop();
      expect = 'after-value';
      index += 1;
    } else if (expect === 'key' || expect === 'key-or-close') {
      if (char !== '"') return index;
      const end = scanString(text, index);
      if (end < 0) return -end - 1;
      expect = 'colon';
      index = end;
    } else if (char === '[' || char === '{') {
      stack.push(char);
      expect = char === '[' ? 'value-or-close' : 'key-or-close';
      index += 1;
    } else {
      const end = char === '"' ? scanString(text, index) : scanScalar(text, index);
      if (end === undefined) return index;
      if (end < 0) return -end - 1;
      expect = 'after-value';
      index = end;
    }
  }
}
