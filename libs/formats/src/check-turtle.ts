// Turtle goes through N3.js with the streaming callback: quads are counted and dropped,
// so a 3 MB vocabulary is checked without holding a graph (or a quad array) in memory.
import { Parser, type Quad } from 'n3';
import type { SourceObserver } from './observer.js';
import { ACCEPTED, positionAt, reasonOf, refuse, type SourceCheck } from './position.js';
import { turtleDepthExceeded } from './turtle-depth.js';

type N3Token = { line?: number; start?: number; end?: number };
type N3Error = Error & { context?: { line?: number; token?: N3Token; previousToken?: N3Token } };

// Relative IRIs resolve against the same reserved base as in RDF/XML, so observers see the same
// IRIs whichever syntax a graph was written in.
const PLACEHOLDER_BASE = 'http://base.invalid/document';
/** One level per member where a list is written as nested blank nodes: as many members as RDF/XML's bound allows and more. */
export const MAX_TURTLE_DEPTH = 50_000;

/** The text of 1-based line `line` (without its line break), or undefined past the end. */
function lineText(text: string, line: number): string | undefined {
  let start = 0;
  for (let current = 1; current < line; current += 1) {
    const next = text.indexOf('\n', start);
    if (next === -1) return undefined;
    start = next + 1;
  }
  const end = text.indexOf('\n', start);
  return text.slice(start, end === -1 ? text.length : end).replace(/\r$/, '');
}

/**
 * The 1-based column of an N3 error on `line`. The parser's errors carry the offending token,
 * whose `start` is its 0-based column; the lexer's ("Unexpected ...") carry only the token
 * before, so the problem starts at the next non-blank character after it (or at the line's
 * first one when that token ended on an earlier line).
 */
function columnOf(error: N3Error, line: number, text: string): number | undefined {
  const token = error.context?.token;
  if (token && token.line === line && typeof token.start === 'number') return token.start + 1;
  const source = lineText(text, line);
  if (source === undefined) return undefined;
  const previous = error.context?.previousToken;
  const from = previous && previous.line === line && typeof previous.end === 'number' ? previous.end : 0;
  const offset = source.slice(from).search(/\S/);
  return offset === -1 ? source.length + 1 : from + offset + 1;
}

function refuseN3Error(error: N3Error, text: string): SourceCheck {
  const line = error.context?.line;
  // N3 ends every message with " on line 13."; the position goes in front like every other format.
  const sentence = error.message.replace(/\s*on line \d+\.?$/, '');
  if (typeof line !== 'number') return refuse(sentence);
  const column = columnOf(error, line, text);
  return refuse(sentence, column === undefined ? { line } : { line, column });
}

export function checkTurtle(text: string, observer: SourceObserver = {}): Promise<SourceCheck> {
  const tooDeep = turtleDepthExceeded(text, MAX_TURTLE_DEPTH);
  if (tooDeep !== undefined) {
    return Promise.resolve(refuse(`the Turtle is nested more than ${MAX_TURTLE_DEPTH} levels deep`, positionAt(text, tooDeep)));
  }
  return new Promise((resolve) => {
    let settled = false;
    const settle = (check: SourceCheck) => {
      if (settled) return;
      settled = true;
      resolve(check);
    };
    try {
      // N3 calls back once per quad, then once with neither quad nor error at the end.
      const onPrefix = observer.prefix ? (prefix: string, iri: { value: string }) => observer.prefix?.(prefix, iri.value) : undefined;
      new Parser({ format: 'text/turtle', baseIRI: PLACEHOLDER_BASE }).parse(
        text,
        (error: N3Error | null | undefined, quad: Quad | null | undefined) => {
          if (error) settle(refuseN3Error(error, text));
          else if (!quad) settle(ACCEPTED);
          else if (!settled) observer.quad?.(quad);
        },
        onPrefix,
      );
    } catch (error) {
      settle(refuse(reasonOf(error)));
    }
  });
}
