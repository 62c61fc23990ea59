// Turtle (and N-Triples, a subset of it) checked from its bytes as they come (DESIGN 8): a
// strict UTF-8 decoder (a byte order mark dropped for parsing only), the nesting bound and
// N3.js fed chunk by chunk, quads handed to the observer and dropped. What is held at any time is
// the parser's unconsumed input (one token at most), the last chunk (for the column of an error)
// and what the observer keeps: memory does not grow with the source.
import { Parser, type Quad } from 'n3';
import type { SourceObserver } from './observer.js';
import { ACCEPTED, reasonOf, refuse, type SourceCheck } from './position.js';
import { MAX_TURTLE_DEPTH } from './check-turtle.js';
import { TurtleDepthScanner } from './turtle-depth-stream.js';

const PLACEHOLDER_BASE = 'http://base.invalid/document';

type N3Token = { line?: number; start?: number };
type N3Error = Error & { context?: { line?: number; token?: N3Token } };

/** The lexer's input callbacks, as N3.js's own StreamParser obtains them. */
type Feed = { data?: (text: string) => void; end?: () => void };

/** Counts line breaks (LF; CRLF counts once) of what was decoded so far. */
function countLF(text: string): number {
  let lines = 0;
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) lines += 1;
  return lines;
}

function refuseN3(error: N3Error): SourceCheck {
  const sentence = error.message.replace(/\s*on line \d+\.?$/, '');
  const line = error.context?.line;
  if (typeof line !== 'number') return refuse(sentence);
  const token = error.context?.token;
  return refuse(sentence, token && token.line === line && typeof token.start === 'number' ? { line, column: token.start + 1 } : { line });
}

/**
 * Checks a Turtle document given as UTF-8 bytes. Bytes that are not UTF-8, a NUL character, an
 * empty document, nesting past MAX_TURTLE_DEPTH and any syntax error are refusals, with the
 * line (and column where the parser gives it).
 */
export async function checkTurtleStream(bytes: AsyncIterable<Uint8Array>, observer: SourceObserver = {}): Promise<SourceCheck> {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  const depth = new TurtleDepthScanner(MAX_TURTLE_DEPTH);
  const feed: Feed = {};
  let verdict: SourceCheck | undefined;
  let linesBefore = 0;
  let visible = false;
  const settle = (check: SourceCheck) => {
    verdict ??= check;
  };
  const onQuad = (error: N3Error | null | undefined, quad: Quad | null | undefined) => {
    if (verdict) return;
    if (error) settle(refuseN3(error));
    else if (quad) {
      try {
        observer.quad?.(quad);
      } catch (thrown) {
        settle(refuse(reasonOf(thrown)));
      }
    } else settle(ACCEPTED);
  };
  const onPrefix = observer.prefix ? (prefix: string, iri: { value: string }) => observer.prefix?.(prefix, iri.value) : undefined;
  new Parser({ format: 'text/turtle', baseIRI: PLACEHOLDER_BASE }).parse(
    {
      on: (event: string, callback: (text?: string) => void) => {
        if (event === 'data') feed.data = callback as (text: string) => void;
        else if (event === 'end') feed.end = callback as () => void;
      },
    } as never,
    onQuad,
    onPrefix,
  );
  const give = (text: string) => {
    if (text.length === 0 || verdict) return;
    if (text.includes('\u0000')) {
      const at = text.indexOf('\u0000');
      settle(refuse('the document contains a NUL character', { line: linesBefore + countLF(text.slice(0, at)) + 1 }));
      return;
    }
    if (!visible && /[^\s]/.test(text)) visible = true;
    const tooDeep = depth.scan(text);
    if (tooDeep !== undefined) {
      settle(refuse(`the Turtle is nested more than ${MAX_TURTLE_DEPTH} levels deep`, { line: linesBefore + countLF(text.slice(0, tooDeep)) + 1 }));
      return;
    }
    linesBefore += countLF(text);
    feed.data?.(text);
  };
  try {
    for await (const chunk of bytes) {
      give(decoder.decode(chunk, { stream: true }));
      if (verdict) break;
      // The parser calls back synchronously; a turn of the event loop between chunks.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    if (!verdict) {
      give(decoder.decode());
      const last = depth.scan('', true);
      if (!verdict && last !== undefined) return refuse(`the Turtle is nested more than ${MAX_TURTLE_DEPTH} levels deep`, { line: linesBefore + 1 });
      if (!verdict && !visible) return refuse('the document is empty');
      if (!verdict) feed.end?.();
    }
  } catch (error) {
    if (error instanceof TypeError && !verdict) return refuse('the document is not UTF-8 text', { line: linesBefore + 1 });
    if (!verdict) return refuse(`the document could not be checked: ${reasonOf(error)}`);
  }
  // N3 ends with a last callback (no quad, no error) once the input has ended.
  return verdict ?? refuse('the document ended before the parser finished');
}
