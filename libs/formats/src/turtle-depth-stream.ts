// turtleDepthExceeded (turtle-depth.ts) for text that comes in pieces: the same grammar-aware
// count of open brackets, with its state (inside an IRI, a string, a comment) carried from one
// piece to the next, and the few characters a decision needs to look ahead kept back until the
// next piece comes.

type State = { in: 'code' } | { in: 'iri' } | { in: 'comment' } | { in: 'string'; quote: string; long: boolean };

// The states, made once (a scan enters one at every IRI and string of the source).
const CODE: State = { in: 'code' };
const IRI: State = { in: 'iri' };
const COMMENT: State = { in: 'comment' };
const SHORT_STRINGS: Record<string, State> = { '"': { in: 'string', quote: '"', long: false }, "'": { in: 'string', quote: "'", long: false } };
const LONG_STRINGS: Record<string, State> = { '"': { in: 'string', quote: '"', long: true }, "'": { in: 'string', quote: "'", long: true } };

/** Characters of look-ahead the longest decision needs (a long string's closing quotes). */
const LOOKAHEAD = 3;

// The next character each state must look at; everything between is skipped by the regex engine.
const CODE_STOPS = /[[({\])}<>"'#\\]/g;
// Not an IRI character: '>', a control or space, or one of <"{}|^` (everything outside these ranges).
const IRI_STOPS = /[^!#-;=?-\]_a-z~-\uffff]/g;
const COMMENT_STOPS = /[\n\r]/g;
const STRING_STOPS: Record<string, RegExp> = { '"': /["\\\n\r]/g, "'": /['\\\n\r]/g };

/** Index of the next match of `stops` at or after `from`, or `length` when none. */
function nextStop(stops: RegExp, text: string, from: number): number {
  stops.lastIndex = from;
  const found = stops.exec(text);
  return found ? found.index : text.length;
}

function iriStops(code: number): boolean {
  return code <= 0x20 || code === 0x3c || code === 0x22 || code === 0x7b || code === 0x7d || code === 0x7c || code === 0x5e || code === 0x60;
}

export class TurtleDepthScanner {
  private depth = 0;
  private state: State = CODE;
  private pending = '';

  constructor(private readonly limit: number) {}

  /**
   * Scans the next piece; answers the offset in `piece` of the bracket that opens a level deeper
   * than the limit (0 when it came at the end of the previous piece), or undefined.
   */
  scan(piece: string, final = false): number | undefined {
    const text = this.pending + piece;
    const shift = this.pending.length;
    this.pending = '';
    let index = 0;
    const holdFrom = (at: number) => {
      this.pending = text.slice(at);
      return text.length;
    };
    while (index < text.length) {
      const state0 = this.state;
      index = nextStop(
        state0.in === 'code' ? CODE_STOPS : state0.in === 'iri' ? IRI_STOPS : state0.in === 'comment' ? COMMENT_STOPS : (STRING_STOPS[state0.quote] as RegExp),
        text,
        index,
      );
      if (index >= text.length) break;
      const near = !final && text.length - index < LOOKAHEAD;
      const code = text.charCodeAt(index);
      const state = this.state;
      if (state.in === 'iri') {
        if (code === 0x3e) this.state = CODE;
        else if (iriStops(code)) {
          this.state = CODE;
          continue;
        }
        index += 1;
      } else if (state.in === 'comment') {
        if (code === 0x0a || code === 0x0d) this.state = CODE;
        index += 1;
      } else if (state.in === 'string') {
        if (near && (code === 0x5c || (state.long && text.charAt(index) === state.quote))) index = holdFrom(index);
        else if (code === 0x5c) index += 2;
        else if (state.long ? text.startsWith(state.quote.repeat(3), index) : text.charAt(index) === state.quote) {
          this.state = CODE;
          index += state.long ? 3 : 1;
        } else if (!state.long && (code === 0x0a || code === 0x0d)) {
          // A short string cannot span lines: an unclosed one must not swallow the rest.
          this.state = CODE;
          index += 1;
        } else index += 1;
      } else if (near && (code === 0x3c || code === 0x3e || code === 0x22 || code === 0x27 || code === 0x5c)) {
        index = holdFrom(index);
      } else {
        switch (code) {
          case 0x5b: // [
          case 0x28: // (
          case 0x7b: // {
            if (this.open()) return Math.max(0, index - shift);
            index += 1;
            break;
          case 0x5d: // ]
          case 0x29: // )
          case 0x7d: // }
            this.depth = Math.max(0, this.depth - 1);
            index += 1;
            break;
          case 0x3c: // < starts an IRI, << a triple term or reified triple
            if (text.charCodeAt(index + 1) === 0x3c) {
              if (this.open()) return Math.max(0, index - shift);
              index += 2;
            } else {
              this.state = IRI;
              index += 1;
            }
            break;
          case 0x3e: // the first > of >>
            if (text.charCodeAt(index + 1) === 0x3e) {
              this.depth = Math.max(0, this.depth - 1);
              index += 2;
            } else index += 1;
            break;
          case 0x22: // "
          case 0x27: {
            // '
            const quote = text.charAt(index);
            const long = text.startsWith(quote.repeat(3), index);
            this.state = (long ? LONG_STRINGS : SHORT_STRINGS)[quote] as State;
            index += long ? 3 : 1;
            break;
          }
          case 0x23: // # to the end of the line
            this.state = COMMENT;
            index += 1;
            break;
          case 0x5c: // \ escapes the next character of a local name
            index += 2;
            break;
          default:
            index += 1;
        }
      }
    }
    return undefined;
  }

  private open(): boolean {
    this.depth += 1;
    return this.depth > this.limit;
  }
}
