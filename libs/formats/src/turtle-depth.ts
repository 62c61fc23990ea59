// N3.js keeps one context per open bracket and parses any depth in linear time, but a graph
// nested hundreds of thousands of levels is no ontology, and everything that reads the graph
// later pays for it again. Real Turtle nests a few levels, except where a writer spells an
// rdf:List as nested blank nodes (`[ rdf:first ...; rdf:rest [ ... ] ]`, as rdflib does when
// list nodes carry an rdf:type), one level per member. The count skips IRIs, strings and
// comments exactly as the Turtle grammar does, so brackets inside them cannot hide nesting.

/** Index of the last character of the string literal whose opening quote is at `start`. */
function stringEnd(text: string, start: number): number {
  const quote = text.charAt(start);
  const long = text.startsWith(quote.repeat(3), start);
  for (let index = start + (long ? 3 : 1); index < text.length; index += 1) {
    const char = text.charAt(index);
    if (char === '\\') index += 1;
    else if (long ? text.startsWith(quote.repeat(3), index) : char === quote) return long ? index + 2 : index;
    // A short string cannot span lines: an unclosed one must not swallow the rest of the document.
    else if (!long && (char === '\n' || char === '\r')) return index;
  }
  return text.length;
}

/** Index of the `>` that ends the IRI opened at `start`, or of the first character an IRI cannot hold. */
function iriEnd(text: string, start: number): number {
  for (let index = start + 1; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 0x3e) return index;
    if (code <= 0x20 || code === 0x3c || code === 0x22 || code === 0x7b || code === 0x7d || code === 0x7c || code === 0x5e || code === 0x60) {
      return index - 1;
    }
  }
  return text.length;
}

function lineEnd(text: string, start: number): number {
  for (let index = start; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 0x0a || code === 0x0d) return index;
  }
  return text.length;
}

/**
 * Offset of the first `[`, `(`, `{|` or `<<` that opens a level deeper than `limit` outside
 * IRIs, strings and comments, or undefined.
 */
export function turtleDepthExceeded(text: string, limit: number): number | undefined {
  let depth = 0;
  const open = (index: number) => {
    depth += 1;
    return depth > limit ? index : undefined;
  };
  for (let index = 0; index < text.length; index += 1) {
    switch (text.charCodeAt(index)) {
      case 0x5b: // [
      case 0x28: // (
      case 0x7b: {
        // { (of an annotation, {|)
        const deeper = open(index);
        if (deeper !== undefined) return deeper;
        break;
      }
      case 0x5d: // ]
      case 0x29: // )
      case 0x7d: // }
        depth = Math.max(0, depth - 1);
        break;
      case 0x3c: {
        // < starts an IRI, << a triple term or reified triple
        if (text.charCodeAt(index + 1) !== 0x3c) {
          index = iriEnd(text, index);
          break;
        }
        const deeper = open(index);
        if (deeper !== undefined) return deeper;
        index += 1;
        break;
      }
      case 0x3e: // the first > of >>; a lone > is an error the parser reports
        if (text.charCodeAt(index + 1) === 0x3e) {
          depth = Math.max(0, depth - 1);
          index += 1;
        }
        break;
      case 0x22: // "
      case 0x27: // '
        index = stringEnd(text, index);
        break;
      case 0x23: // # to the end of the line
        index = lineEnd(text, index);
        break;
      case 0x5c: // \ escapes the next character of a local name (ex:a\#b)
        index += 1;
        break;
    }
  }
  return undefined;
}
