// yaml 2.9 can abort the whole process (a fatal out-of-memory, not an exception) on input
// nested ~100,000 levels deep, so depth is bounded before the parser sees the text. The
// count uses yaml's own Lexer: it is a flat generator (no recursion, little memory) and
// it knows quotes, comments and block scalars exactly as the parser will, so brackets
// inside strings are not miscounted and cannot hide real nesting.
import { CST, Lexer } from 'yaml';

export const MAX_YAML_DEPTH = 500;

/**
 * Offset where the nesting first goes deeper than `limit`, or undefined. Flow depth
 * counts open `[`/`{`. Block depth counts the distinct, increasing indentation columns
 * that are open at once, where `- `, `? ` and `: ` at the start of a line indent the
 * rest of the line the way the parser sees them (`- - - x` is three levels deep).
 */
export function yamlDepthExceeded(text: string, limit: number): number | undefined {
  const columns: number[] = [];
  let flow = 0;
  let offset = 0;
  let indent = 0;
  let atLineStart = true;
  let scalarSourceNext = false;

  // A node that starts at `column` closes every block that is indented deeper.
  const openBlock = (column: number): boolean => {
    while ((columns.at(-1) ?? -1) > column) columns.pop();
    if (columns.at(-1) !== column) columns.push(column);
    return columns.length > limit;
  };

  for (const token of new Lexer().lex(text)) {
    const start = offset;
    if (scalarSourceNext) {
      // The token after the scalar marker is the scalar's own text, whatever it looks like.
      scalarSourceNext = false;
      offset += token.length;
      if (flow === 0 && openBlock(indent)) return start;
      // A block scalar's text runs through its final line break; the next token starts a line.
      atLineStart = token.endsWith('\n');
      if (atLineStart) indent = 0;
      continue;
    }
    const type = CST.tokenType(token);
    switch (type) {
      case 'scalar':
        scalarSourceNext = true;
        continue; // a marker the lexer adds: it is not part of the source
      case 'doc-mode':
      case 'flow-error-end':
        continue; // markers too
      case 'newline':
        atLineStart = true;
        indent = 0;
        break;
      case 'space':
        if (atLineStart && token.startsWith(' ')) indent += token.length;
        break;
      case 'seq-item-ind':
      case 'explicit-key-ind':
      case 'map-value-ind':
        if (flow === 0 && openBlock(indent)) return start;
        if (atLineStart) indent += token.length;
        break;
      case 'flow-seq-start':
      case 'flow-map-start':
        if (flow === 0 && openBlock(indent)) return start;
        flow += 1;
        if (flow > limit) return start;
        atLineStart = false;
        break;
      case 'flow-seq-end':
      case 'flow-map-end':
        flow = Math.max(0, flow - 1);
        atLineStart = false;
        break;
      case 'doc-start':
      case 'doc-end':
        columns.length = 0;
        flow = 0;
        atLineStart = false;
        break;
      case 'comment':
      case 'directive-line':
      case 'byte-order-mark':
        break;
      default:
        if (flow === 0 && openBlock(indent)) return start;
        atLineStart = false;
    }
    offset += token.length;
  }
  return undefined;
}
