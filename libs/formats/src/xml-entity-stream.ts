// The two things prepareXml and substituteEntities do to a whole document's entity references,
// done to a document that comes in pieces (check-rdfxml-stream.ts): counting what the references
// would expand to, against the same bound, and replacing them for the RDF/XML parser. A reference
// or a comment, CDATA section or processing instruction may be cut between two pieces, so each
// keeps the unfinished end of a piece (a few characters: a name no longer than the longest
// declared one, or the start of a delimiter) and reads it with the next.
import { positionAt, refuse, type Refusal } from './position.js';
import { escapeEntityValue, streamedExpansionLimit } from './xml-safety.js';

/** The characters of a reference's name, as prepareXml and substituteEntities read them. */
const NAME = /[^\s&;<>"'%#]*/y;

type NameRun = { name: string; end: number };

/** The name after the "&" at `at`, or undefined when the text ends inside it (it may go on). */
function nameAt(text: string, at: number, last: boolean, longest: number): NameRun | 'cut' {
  NAME.lastIndex = at + 1;
  NAME.exec(text);
  const end = NAME.lastIndex;
  // A name longer than every declared one cannot be a reference to substitute or count.
  if (end === text.length && !last && end - at - 1 <= longest) return 'cut';
  return { name: text.slice(at + 1, end), end };
}

function longestName(entities: Map<string, string>): number {
  let longest = 0;
  for (const name of entities.keys()) longest = Math.max(longest, name.length);
  return longest;
}

/**
 * Adds up what the declared entity references expand to, wherever they are (as prepareXml counts
 * them), and refuses past `streamedExpansionLimit` of the characters read so far (the ratio of the
 * whole-text check's `expansionLimit`, counted on what has been read, without its absolute cap:
 * nothing expanded is held whole here).
 */
export class EntityUseCounter {
  private carry = '';
  private used = 0;
  /** Line breaks before `carry`, and the offset after the last one, relative to `carry`. */
  private line = 1;
  private column = 1;
  private readonly longest: number;

  constructor(private readonly entities: Map<string, string>, start: { line: number; column: number }) {
    this.longest = longestName(entities);
    this.line = start.line;
    this.column = start.column;
  }

  /** The next piece of the document; `charsRead` is the length of the document read so far. */
  push(piece: string, charsRead: number, last = false): Refusal | undefined {
    const text = this.carry + piece;
    const limit = streamedExpansionLimit(charsRead);
    let done = text.length;
    for (let at = text.indexOf('&'); at !== -1; at = text.indexOf('&', at + 1)) {
      const run = nameAt(text, at, last, this.longest);
      if (run === 'cut') {
        done = at;
        break;
      }
      if (text.charAt(run.end) !== ';') continue;
      this.used += this.entities.get(run.name)?.length ?? 0;
      if (this.used > limit) return refuse(`entity references expand to more than ${limit} characters`, this.positionOf(text, at));
    }
    this.advance(text, done);
    this.carry = text.slice(done);
    return undefined;
  }

  private positionOf(text: string, offset: number): { line: number; column: number } {
    const within = positionAt(text, offset);
    return within.line === 1 ? { line: this.line, column: this.column + within.column - 1 } : { line: this.line + within.line - 1, column: within.column };
  }

  private advance(text: string, done: number): void {
    const next = this.positionOf(text, done);
    this.line = next.line;
    this.column = next.column;
  }
}

type Region = { open: string; close: string };
const REGIONS: Region[] = [
  { open: '<!--', close: '-->' },
  { open: '<![CDATA[', close: ']]>' },
  { open: '<?', close: '?>' },
];

/**
 * substituteEntities for a document in pieces: each declared reference outside comments, CDATA
 * sections and processing instructions is replaced by its escaped value. `push` returns the text
 * ready so far; what it keeps back comes out with the next piece, or with `end`.
 */
export class EntitySubstitution {
  private carry = '';
  /** The region being read (its closing delimiter is awaited), or none: plain markup and text. */
  private region: Region | undefined;
  private readonly longest: number;
  private readonly escaped = new Map<string, string>();

  constructor(entities: Map<string, string>) {
    this.longest = longestName(entities);
    for (const [name, value] of entities) this.escaped.set(name, escapeEntityValue(value));
  }

  push(piece: string, last = false): string {
    const text = this.carry + piece;
    const out: string[] = [];
    let copied = 0;
    let at = 0;
    let held = text.length;
    // The next "<" and "&" from `at`, looked up again only once `at` has passed them.
    let lt = -2;
    let amp = -2;
    while (at < text.length) {
      if (this.region) {
        const close = text.indexOf(this.region.close, at);
        if (close === -1) {
          // The delimiter may begin in this piece's last characters.
          held = last ? text.length : Math.max(at, text.length - (this.region.close.length - 1));
          break;
        }
        at = close + this.region.close.length;
        this.region = undefined;
        continue;
      }
      if (lt !== -1 && lt < at) lt = text.indexOf('<', at);
      if (amp !== -1 && amp < at) amp = text.indexOf('&', at);
      const next = lt === -1 ? amp : amp === -1 ? lt : Math.min(lt, amp);
      if (next === -1) break;
      if (next === amp) {
        const run = nameAt(text, amp, last, this.longest);
        if (run === 'cut') {
          held = amp;
          break;
        }
        const value = text.charAt(run.end) === ';' ? this.escaped.get(run.name) : undefined;
        if (value !== undefined) {
          out.push(text.slice(copied, amp), value);
          copied = run.end + 1;
          at = run.end + 1;
        } else at = Math.max(run.end, amp + 1);
        continue;
      }
      const rest = text.slice(lt, lt + 9);
      if (!last && REGIONS.some((region) => rest.length < region.open.length && region.open.startsWith(rest))) {
        held = lt;
        break;
      }
      const region = REGIONS.find((candidate) => text.startsWith(candidate.open, lt));
      this.region = region;
      at = region ? lt + region.open.length : lt + 1;
    }
    out.push(text.slice(copied, held));
    this.carry = text.slice(held);
    return out.join('');
  }

  /** What is still held, at the end of the document. */
  end(): string {
    return this.push('', true);
  }
}
