// An exact JSON (RFC 8259) scanner fed text piece by piece, for sources too large to parse as one
// string (DESIGN 8). It accepts what JSON.parse accepts (duplicate keys, escaped lone surrogates,
// numbers beyond double range) and nothing else, bounds the nesting as checkJson does, and holds
// only its state: the open containers (a byte each, at most the depth bound), the key being read
// when a listener wants keys, and the positions for a refusal's line and column (UTF-16 columns,
// as positionAt counts them). No value is built; a listener sees where values start and the keys
// of shallow objects, enough for the structure metrics.
import { tooDeepMessage } from './check-json.js';

/** What a caller may learn of the document's shape while it is scanned. */
export type JsonListener = {
  /** Events are reported for values nested at most this deep (0 = the document's value only). */
  maxDepth: number;
  /** A value starts, inside `depth` containers; `kind` is what it is. */
  value?(depth: number, kind: 'object' | 'array' | 'scalar'): void;
  /** A key of an object that is itself inside `depth - 1` containers (1 = a key of the top-level object). */
  key?(depth: number, key: string): void;
};

export type JsonScanError = { message: string; line: number; column: number };

const enum Expect {
  Value,
  ValueOrClose,
  Key,
  KeyOrClose,
  Colon,
  AfterValue,
  End,
}

const enum Token {
  None,
  String,
  Escape,
  Unicode,
  Number,
  Literal,
}

// Number sub-states: what was read last.
const enum Num {
  Minus,
  Zero,
  Int,
  Dot,
  Frac,
  Exp,
  ExpSign,
  ExpInt,
}

/** What V8 says of a number the input ends in the middle of. */
const NUMBER_END: Partial<Record<Num, string>> = {
  [Num.Minus]: 'No number after minus sign',
  [Num.Dot]: 'Unterminated fractional number',
  [Num.Exp]: 'Exponent part is missing a number',
  [Num.ExpSign]: 'Exponent part is missing a number',
};

/**
 * Keys a listener gets are cut to this many characters of their JSON text (an ellipsis added), so a
 * hostile key of a gigabyte is not held; real keys are names of a few dozen characters.
 */
export const MAX_KEY_CHARS = 4096;

const OBJECT = 1;
const ARRAY = 2;

const isDigit = (code: number): boolean => code >= 0x30 && code <= 0x39;
const isHex = (code: number): boolean => isDigit(code) || (code >= 0x41 && code <= 0x46) || (code >= 0x61 && code <= 0x66);
const isSpace = (code: number): boolean => code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
const ESCAPED = new Set([0x22, 0x5c, 0x2f, 0x62, 0x66, 0x6e, 0x72, 0x74]);
const LITERALS: Record<number, string> = { 0x74: 'true', 0x66: 'false', 0x6e: 'null' };

export class JsonStreamScanner {
  private readonly stack: Uint8Array;
  private depth = 0;
  private expect = Expect.Value;
  private token = Token.None;
  private num = Num.Minus;
  private literal = '';
  private literalAt = 0;
  /** Offset where the literal being read starts: a misspelt literal is reported there, as checkJson does. */
  private literalStart = 0;
  /** Offset of the backslash of the escape being read. */
  private escapeStart = 0;
  private unicodeDigits = 0;
  private isKey = false;
  /** The raw text of a key a listener wants, between its quotes. */
  private keyText: string | undefined;
  /** The key was longer than MAX_KEY_CHARS: the rest of it is not kept. */
  private keyCut = false;
  private readonly listener: JsonListener | undefined;
  /** UTF-16 offset of the start of the current piece, line number and the offset where that line starts. */
  private offset = 0;
  private line = 1;
  private lineStart = 0;
  private error: JsonScanError | undefined;
  /** Index in the piece being written of the character a syntax error was found at. */
  private resume: number | undefined;
  /** The nesting scan that goes on after a syntax error (`nesting`). */
  private nest: { depth: number; inString: boolean; skip: boolean } | undefined;

  constructor(
    private readonly maxDepth: number,
    listener?: JsonListener,
  ) {
    this.stack = new Uint8Array(maxDepth + 1);
    this.listener = listener;
  }

  /** Line and column of the next character to come. */
  get position(): { line: number; column: number } {
    return { line: this.line, column: this.offset - this.lineStart + 1 };
  }

  /** The first problem found, if any; once set, nothing more is read. */
  get failure(): JsonScanError | undefined {
    return this.error;
  }

  /**
   * A syntax error reported at offset `at`; `resume`: the index in the current piece of the
   * character that caused it, from which the rest is still scanned for nesting (see `nesting`).
   */
  private fail(message: string, at: number, resume?: number): void {
    this.error = { message, line: this.line, column: at - this.lineStart + 1 };
    if (resume !== undefined) this.resume = resume;
  }

  private failAt(message: string, index: number): void {
    this.fail(message, this.offset + index, index);
  }

  private unexpected(text: string, index: number): void {
    const char = text.charAt(index);
    this.failAt(`Unexpected token '${char}'`, index);
  }

  private afterValue(): void {
    this.expect = this.depth === 0 ? Expect.End : Expect.AfterValue;
  }

  private startValue(text: string, index: number, code: number): number {
    const listener = this.listener;
    if (code === 0x7b || code === 0x5b) {
      if (this.depth >= this.maxDepth) {
        this.fail(this.tooDeep(), this.offset + index);
        return index;
      }
      if (listener && this.depth <= listener.maxDepth) listener.value?.(this.depth, code === 0x7b ? 'object' : 'array');
      this.depth += 1;
      this.stack[this.depth] = code === 0x7b ? OBJECT : ARRAY;
      this.expect = code === 0x7b ? Expect.KeyOrClose : Expect.ValueOrClose;
      return index + 1;
    }
    if (listener && this.depth <= listener.maxDepth) listener.value?.(this.depth, 'scalar');
    if (code === 0x22) {
      this.token = Token.String;
      this.isKey = false;
      return index + 1;
    }
    if (code === 0x2d || isDigit(code)) {
      this.token = Token.Number;
      this.num = code === 0x2d ? Num.Minus : code === 0x30 ? Num.Zero : Num.Int;
      return index + 1;
    }
    const literal = LITERALS[code];
    if (literal !== undefined) {
      this.token = Token.Literal;
      this.literal = literal;
      this.literalAt = 1;
      this.literalStart = this.offset + index;
      return index + 1;
    }
    this.unexpected(text, index);
    return index;
  }

  private close(index: number): number {
    this.depth -= 1;
    this.afterValue();
    return index + 1;
  }

  /** Reads a string's characters from `index`; returns where it stopped (past the closing quote when it closed). */
  private string(text: string, index: number): number {
    const length = text.length;
    let at = index;
    for (;;) {
      if (this.token === Token.String) {
        const start = at;
        let code = 0;
        while (at < length) {
          code = text.charCodeAt(at);
          if (code === 0x22 || code === 0x5c || code < 0x20) break;
          at += 1;
        }
        if (this.keyText !== undefined && !this.keyCut) {
          const room = MAX_KEY_CHARS - this.keyText.length;
          if (at - start > room) this.keyCut = true;
          this.keyText += text.slice(start, start + Math.min(room, at - start));
        }
        if (at >= length) return at;
        if (code === 0x22) {
          this.token = Token.None;
          if (this.isKey) {
            if (this.keyText !== undefined) {
              const key = JSON.parse(`"${this.keyText}"`) as string;
              this.listener?.key?.(this.depth, this.keyCut ? `${key}…` : key);
              this.keyText = undefined;
              this.keyCut = false;
            }
            this.expect = Expect.Colon;
          } else {
            this.afterValue();
          }
          return at + 1;
        }
        if (code < 0x20) {
          this.failAt('Bad control character in string literal', at);
          return at;
        }
        if (this.keyText !== undefined && !this.keyCut) this.keyText += '\\';
        this.token = Token.Escape;
        this.escapeStart = this.offset + at;
        at += 1;
      } else if (this.token === Token.Escape) {
        if (at >= length) return at;
        const code = text.charCodeAt(at);
        if (code === 0x75) {
          this.token = Token.Unicode;
          this.unicodeDigits = 0;
        } else if (ESCAPED.has(code)) {
          this.token = Token.String;
        } else {
          // V8 names a character outside the BMP after a backslash as an unexpected token; checkJson then places it at the backslash.
          if (code >= 0xd800 && code <= 0xdfff) this.fail('Bad escaped character', this.escapeStart, at);
          else this.failAt('Bad escaped character', at);
          return at;
        }
        if (this.keyText !== undefined && !this.keyCut) this.keyText += text.charAt(at);
        at += 1;
      } else {
        // Token.Unicode: four hex digits.
        while (this.unicodeDigits < 4) {
          if (at >= length) return at;
          if (!isHex(text.charCodeAt(at))) {
            this.failAt('Bad Unicode escape', at);
            return at;
          }
          if (this.keyText !== undefined && !this.keyCut) this.keyText += text.charAt(at);
          this.unicodeDigits += 1;
          at += 1;
        }
        this.token = Token.String;
      }
    }
  }

  /** Reads a number's characters from `index`; returns where it stopped (at the first character past it). */
  private number(text: string, index: number): number {
    const length = text.length;
    let at = index;
    while (at < length) {
      const code = text.charCodeAt(at);
      const digit = isDigit(code);
      switch (this.num) {
        case Num.Minus:
          if (!digit) {
            this.failAt('No number after minus sign', at);
            return at;
          }
          this.num = code === 0x30 ? Num.Zero : Num.Int;
          break;
        case Num.Int:
        case Num.Zero:
          if (digit && this.num === Num.Int) break;
          if (digit) {
            this.failAt('Unexpected number', at);
            return at;
          }
          if (code === 0x2e) this.num = Num.Dot;
          else if (code === 0x65 || code === 0x45) this.num = Num.Exp;
          else return this.endNumber(at);
          break;
        case Num.Dot:
          if (!digit) {
            this.failAt('Unterminated fractional number', at);
            return at;
          }
          this.num = Num.Frac;
          break;
        case Num.Frac:
          if (digit) break;
          if (code === 0x65 || code === 0x45) this.num = Num.Exp;
          else return this.endNumber(at);
          break;
        case Num.Exp:
          if (code === 0x2b || code === 0x2d) this.num = Num.ExpSign;
          else if (digit) this.num = Num.ExpInt;
          else {
            this.failAt('Exponent part is missing a number', at);
            return at;
          }
          break;
        case Num.ExpSign:
          if (!digit) {
            this.failAt('Exponent part is missing a number', at);
            return at;
          }
          this.num = Num.ExpInt;
          break;
        case Num.ExpInt:
          if (!digit) return this.endNumber(at);
          break;
      }
      at += 1;
    }
    return at;
  }

  private endNumber(at: number): number {
    this.token = Token.None;
    this.afterValue();
    return at;
  }

  private tooDeep(): string {
    return tooDeepMessage(this.maxDepth);
  }

  /**
   * After a syntax error, the rest is read as jsonDepthExceeded reads a whole text (brackets
   * outside strings, a backslash skipping the next character), from the state the scanner had at
   * the offending character: checkJson reports nesting past the bound before any syntax error,
   * wherever it is, so a deeper bracket after the error replaces it.
   */
  private nesting(text: string, from: number): void {
    const nest = this.nest;
    if (!nest) return;
    for (let index = from; index < text.length; index += 1) {
      const code = text.charCodeAt(index);
      if (code === 0x0a) {
        this.line += 1;
        this.lineStart = this.offset + index + 1;
      }
      if (nest.inString) {
        if (nest.skip) nest.skip = false;
        else if (code === 0x5c) nest.skip = true;
        else if (code === 0x22) nest.inString = false;
      } else if (code === 0x22) nest.inString = true;
      else if (code === 0x5b || code === 0x7b) {
        nest.depth += 1;
        if (nest.depth > this.maxDepth) {
          this.error = { message: this.tooDeep(), line: this.line, column: this.offset + index - this.lineStart + 1 };
          this.nest = undefined;
          return;
        }
      } else if ((code === 0x5d || code === 0x7d) && nest.depth > 0) nest.depth -= 1;
    }
  }

  /** False once a refusal is final: nothing more need be written. */
  get reading(): boolean {
    return this.error === undefined || this.nest !== undefined;
  }

  /** The next piece of the text. */
  write(text: string): void {
    const length = text.length;
    if (this.error) {
      this.nesting(text, 0);
      this.offset += length;
      return;
    }
    let index = 0;
    while (index < length && this.error === undefined) {
      if (this.token !== Token.None) {
        if (this.token === Token.Number) index = this.number(text, index);
        else if (this.token === Token.Literal) {
          const code = text.charCodeAt(index);
          if (code !== this.literal.charCodeAt(this.literalAt)) {
            // V8 places a string or a number that interrupts a literal; checkJson places anything else at the literal's start.
            if (code === 0x22) this.failAt('Unexpected string', index);
            else if (code === 0x2d || isDigit(code)) this.failAt('Unexpected number', index);
            else this.fail(`Unexpected token '${text.charAt(index)}'`, this.literalStart, index);
            break;
          }
          index += 1;
          this.literalAt += 1;
          if (this.literalAt === this.literal.length) {
            this.token = Token.None;
            this.afterValue();
          }
        } else index = this.string(text, index);
        continue;
      }
      const code = text.charCodeAt(index);
      if (isSpace(code)) {
        if (code === 0x0a) {
          this.line += 1;
          this.lineStart = this.offset + index + 1;
        }
        index += 1;
        continue;
      }
      switch (this.expect) {
        case Expect.Value:
          index = this.startValue(text, index, code);
          break;
        case Expect.ValueOrClose:
          index = code === 0x5d ? this.close(index) : this.startValue(text, index, code);
          break;
        case Expect.KeyOrClose:
        case Expect.Key:
          if (code === 0x7d && this.expect === Expect.KeyOrClose) index = this.close(index);
          else if (code === 0x22) {
            this.token = Token.String;
            this.isKey = true;
            const listener = this.listener;
            if (listener?.key && this.depth <= listener.maxDepth) this.keyText = '';
            index += 1;
          } else {
            this.failAt(this.expect === Expect.Key ? 'Expected double-quoted property name' : "Expected property name or '}'", index);
          }
          break;
        case Expect.Colon:
          if (code === 0x3a) {
            this.expect = Expect.Value;
            index += 1;
          } else this.failAt("Expected ':' after property name", index);
          break;
        case Expect.AfterValue: {
          const inObject = this.stack[this.depth] === OBJECT;
          if (code === 0x2c) {
            this.expect = inObject ? Expect.Key : Expect.Value;
            index += 1;
          } else if (code === (inObject ? 0x7d : 0x5d)) index = this.close(index);
          else this.failAt(inObject ? "Expected ',' or '}' after property value" : "Expected ',' or ']' after array element", index);
          break;
        }
        case Expect.End:
          this.failAt('Unexpected non-whitespace character after JSON', index);
          break;
      }
    }
    if (this.error && this.resume !== undefined) {
      const inString = this.token === Token.String || this.token === Token.Escape || this.token === Token.Unicode;
      this.nest = { depth: this.depth, inString, skip: this.token === Token.Escape };
      this.nesting(text, this.resume);
      this.resume = undefined;
    }
    this.offset += length;
  }

  /** What V8 says when the input ends where the scanner expects more. */
  private endedEarly(): string {
    switch (this.expect) {
      case Expect.KeyOrClose:
        return "Expected property name or '}'";
      case Expect.Key:
        return 'Expected double-quoted property name';
      case Expect.Colon:
        return "Expected ':' after property name";
      case Expect.AfterValue:
        return this.stack[this.depth] === OBJECT ? "Expected ',' or '}' after property value" : "Expected ',' or ']' after array element";
      default:
        return 'Unexpected end of input';
    }
  }

  /** Ends the text; the first problem, or undefined when it was one complete JSON value. */
  end(): JsonScanError | undefined {
    this.nest = undefined;
    if (this.error) return this.error;
    if (this.token === Token.Number && (this.num === Num.Zero || this.num === Num.Int || this.num === Num.Frac || this.num === Num.ExpInt)) {
      this.endNumber(0);
    }
    if (this.token === Token.Literal) this.fail('Unexpected end of input', this.literalStart);
    else if (this.token === Token.Escape) this.fail('Unexpected end of input', this.escapeStart);
    else if (this.token === Token.Unicode) this.fail('Bad Unicode escape', this.offset);
    else if (this.token === Token.String) this.fail('Unterminated string', this.offset);
    else if (this.token === Token.Number) this.fail(NUMBER_END[this.num] ?? 'Unexpected end of input', this.offset);
    else if (this.expect !== Expect.End) this.fail(this.endedEarly(), this.offset);
    return this.error;
  }
}
