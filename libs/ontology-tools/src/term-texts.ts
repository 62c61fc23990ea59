// The texts of a batch of parsed terms, read back as UTF-16 code units with one native copy per
// batch (compact-rdf-counter.ts hashes them from there). Reading each term's string with
// charCodeAt, or looking it up in a Map, first copied it whole: a parser's terms are
// concatenations (a prefix and a local name, quotes around a value), which V8 flattens on the
// first character read or hash. Joined and written at once, each character is copied twice in
// bulk instead (measured on 100 MB of Turtle: see docs/decisions.md, "Cheaper fingerprints").

import type { Term } from './terms.js';

/** A term's text, unique among the terms of one parse (N3.js terms carry it as `id`). */
export function keyOf(term: Term): string {
  const id = (term as { id?: unknown }).id;
  if (typeof id === 'string') return id;
  if (term.termType === 'Literal') return `"${term.value}"${term.language ? `@${term.language}` : `^^${term.datatype.value}`}`;
  return `${term.termType === 'BlankNode' ? '_:' : ''}${term.value}`;
}

/** Code units a batch keeps room for between batches (a larger one is made for one batch). */
const KEPT_UNITS = 1 << 15;
/** Code units turned into a string per String.fromCharCode call. */
const DECODE_STEP = 8192;

export class TermTexts {
  private texts: string[] = [];
  private buffer = new Uint16Array(KEPT_UNITS);
  /** Code units pushed since the last take: where the next text starts. */
  length = 0;

  /** Adds a text; answers where it ends. */
  push(text: string): number {
    this.texts.push(text);
    this.length += text.length;
    return this.length;
  }

  /**
   * The code units of the texts pushed since the last take, one after the other, and starts
   * over. Valid until the next take. Units are in the machine's byte order, as a Uint16Array
   * reads them (on a big-endian machine each unit's bytes would be swapped, the same for every
   * text: fingerprints stay one-to-one with texts).
   */
  take(): Uint16Array {
    const joined = this.texts.join('');
    this.texts = [];
    this.length = 0;
    if (joined.length > this.buffer.length || this.buffer.length > KEPT_UNITS) this.buffer = new Uint16Array(Math.max(KEPT_UNITS, joined.length));
    const units = this.buffer;
    Buffer.from(units.buffer, units.byteOffset, joined.length * 2).write(joined, 'utf16le');
    return units;
  }
}

/** The text of units[from, to). */
export function textOf(units: Uint16Array, from: number, to: number): string {
  let text = '';
  for (let at = from; at < to; at += DECODE_STEP) text += String.fromCharCode(...units.subarray(at, Math.min(to, at + DECODE_STEP)));
  return text;
}

/** Whether units[from, to) is `text`. */
export function unitsAre(units: Uint16Array, from: number, to: number, text: string): boolean {
  if (to - from !== text.length) return false;
  for (let i = 0; i < text.length; i += 1) if (units[from + i] !== text.charCodeAt(i)) return false;
  return true;
}
