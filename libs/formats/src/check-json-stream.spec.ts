import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from './check-json.js';
import { validateSource, validateSourceStream } from './index.js';
import { JsonStreamScanner, MAX_KEY_CHARS } from './json-stream-scanner.js';

async function* pieces(source: string | Buffer, size: number): AsyncGenerator<Uint8Array> {
  const bytes = Buffer.isBuffer(source) ? source : Buffer.from(source, 'utf8');
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

const FIXTURES = '/work/shared/fixtures';
const fixtureFiles = ['ontologies/json', 'invalid']
  .flatMap((folder) => readdirSync(join(FIXTURES, folder)).map((name) => join(FIXTURES, folder, name)))
  .filter((path) => /\.json(ld)?$/.test(path));

/** Documents at the edges of the grammar, valid and not. */
const EDGES = [
  '0', '-0', '-', '01', '1.', '1.5', '.5', '1e', '1e+', '1E-7', '1e400', '-1e-400', '123456789012345678901234567890', '+1', '0x10', 'NaN', 'Infinity',
  'true', 'tru', 'truex', 'nul', 'null ', ' false\n', '"a"', '"', '"\\', '"\\u12"', '"\\u12G4"', '"\\uD800"', '"\\uDC00\\uD800"', '"\\x"', "'a'",
  '"\\/\\b\\f\\n\\r\\t\\"\\\\"', '"a\tb"', '"a\nb"', '"\u0000"', '"\u007f\u0080é😀"', '"\u2028\u2029"', '[]', '[', ']', '[1,]', '[,1]', '[1 2]', '[1,,2]',
  '{}', '{', '}', '{"a"}', '{"a":}', '{"a":1,}', '{"a":1 "b":2}', '{a:1}', '{"a":1,"a":2}', '{"__proto__":1}', '{"":[{"":{}}]}', '{"a" : [ 1 , { "b" : null } ] }',
  '[1]x', '[1] [2]', '{"a":1}}', '1 2', '\u00a0', '\u00a01', '1\u00a0', ' \t\r\n ', '', ' \u00a0\u2028\uFEFF ', '\u00a0 x', '\r\n[\r\n1,\r\n]\r\n', '["é😀", x]', '\uFEFF[1]', '[1]\uFEFF', '[\uFEFF1]',
  '["a" : 1]', '{"a" 1}', '{"a":1:2}', '[true false]', '[nulll]', '[-]', '[1e]', '[1.e1]', '[-01]', '[1.0e+01]',
  `${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`,
  `${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}`,
  `${'{"a":'.repeat(MAX_JSON_DEPTH)}1${'}'.repeat(MAX_JSON_DEPTH)}`,
  `[1,\n ${'['.repeat(MAX_JSON_DEPTH)}`,
  `["${'['.repeat(MAX_JSON_DEPTH + 5)}"]`,
];

/** A syntax error, then nesting past the bound: checkJson reports the nesting (its scan runs first); so must the stream. */
const DEEP = MAX_JSON_DEPTH + 1;
const ERROR_THEN_DEEP = [
  `[1 2,\n ${'['.repeat(DEEP)}`,
  `{"a" ${'{'.repeat(DEEP)}`,
  `["a\\x", ${'['.repeat(DEEP)}`,
  `["a\\x[", ${'['.repeat(DEEP)}`,
  `["\\u1${'['.repeat(DEEP)}"]`,
  `["\\u1" ${'['.repeat(DEEP)}]`,
  `[tru"${'['.repeat(DEEP)}"${'['.repeat(DEEP)}`,
  `[-${'['.repeat(DEEP)}`,
  `[1]${'['.repeat(DEEP)}`,
  `["a\u0001${'['.repeat(DEEP)}", "\n${'{'.repeat(DEEP)}`,
  `${'['.repeat(DEEP - 1)}x${']'.repeat(DEEP - 1)}${'['.repeat(DEEP)}`,
  `${'['.repeat(DEEP - 1)}x${']'.repeat(DEEP + 5)}${'['.repeat(DEEP)}`,
  `["\\"${'['.repeat(DEEP)}`,
];

/** Same document, one character changed: deleted, doubled or replaced by a JSON-significant one. */
function mutations(text: string, count: number, seed: number): string[] {
  let state = seed;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const specials = ['"', '\\', ',', ':', '[', ']', '{', '}', 'e', '-', '.', '0', ' ', '\n', 'u', '\t', 'x', '\u0001'];
  const out: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const at = Math.floor(random() * text.length);
    const kind = Math.floor(random() * 3);
    const special = specials[Math.floor(random() * specials.length)] ?? ' ';
    const changed = kind === 0 ? text.slice(0, at) + text.slice(at + 1) : kind === 1 ? text.slice(0, at) + text.charAt(at) + text.slice(at) : text.slice(0, at) + special + text.slice(at + 1);
    // A lone surrogate (half of the emoji) cannot be written as UTF-8: no bytes carry it.
    if (!/\p{Cs}/u.test(changed)) out.push(changed);
  }
  return out;
}

const SAMPLE = '{\n  "@context": {"ex": "http://e/#", "n": {"@id": "ex:n", "@type": "@id"}},\r\n  "@graph": [\n    {"@id": "ex:a", "n": [1, -2.5e3, true, null, "é\\u00e9\\"😀"]},\n    {"@id": "ex:b", "list": {"@list": [0, 0.5, 1E+2]}}\n  ]\n}\n';

async function both(text: string, size: number) {
  return { streamed: await validateSourceStream('json', pieces(text, size)), whole: await validateSource('json', text) };
}

describe('validateSourceStream (json)', () => {
  it.each(fixtureFiles)('when the fixture %s comes in pieces then the verdict is the whole-text one', async (path) => {
    const text = readFileSync(path, 'utf8');
    for (const size of [1, 7, 65_536]) {
      const { streamed, whole } = await both(text, size);
      expect(streamed).toEqual(whole);
    }
  });

  it('when an edge of the grammar comes in pieces then it is accepted or refused as the whole-text check does, at the same line and column', async () => {
    for (const text of EDGES) {
      for (const size of [1, 2, 3, 1000]) {
        const { streamed, whole } = await both(text, size);
        expect({ text, size, ok: streamed.ok }).toEqual({ text, size, ok: whole.ok });
        if (!streamed.ok && !whole.ok) {
          expect({ text, line: streamed.line, column: streamed.column }).toEqual({ text, line: whole.line, column: whole.column });
        }
        if (/^\s*$/.test(text)) expect({ text, streamed }).toEqual({ text, streamed: whole });
      }
    }
  });

  it('when a syntax error comes before nesting past the bound then the nesting is reported, as checkJson reports it', async () => {
    for (const text of ERROR_THEN_DEEP) {
      for (const size of [1, 7, 100_000]) {
        const { streamed, whole } = await both(text, size);
        expect({ text, size, streamed }).toEqual({ text, size, streamed: whole });
      }
    }
    expect((await both(ERROR_THEN_DEEP[0] ?? '', 3)).streamed).toMatchObject({ ok: false, line: 2, message: expect.stringContaining('nested more than') });
  });

  it('when a document is changed in one character at a time then each change gets the whole-text verdict and position', async () => {
    let sameWords = 0;
    let refused = 0;
    const changed = mutations(SAMPLE, 1500, 7);
    for (const text of changed) {
      const { streamed, whole } = await both(text, 5);
      const { message: streamedWords, ...streamedAt } = streamed as { message?: string };
      const { message: wholeWords, ...wholeAt } = whole as { message?: string };
      expect({ text, at: streamedAt }).toEqual({ text, at: wholeAt });
      if (!whole.ok) refused += 1;
      if (!whole.ok && streamedWords === wholeWords) sameWords += 1;
    }
    // The words differ where V8 gives no position and quotes the input (checkJson then keeps part of the quote), or names a
    // token kind ("unexpected string") where the stream says what it expected.
    expect(refused).toBeGreaterThan(changed.length / 2);
    expect(sameWords).toBeGreaterThan(refused / 2);
    console.log(`json stream mutations: ${changed.length} documents, ${refused} refused, ${sameWords} of them in the same words`);
  });

  it('when bytes are not UTF-8 then it is refused where they are, even after a syntax error (the whole-text path decodes before it checks)', async () => {
    const bad = Buffer.concat([Buffer.from('[\n "ab'), Buffer.from([0xff]), Buffer.from('"]')]);
    expect(await validateSourceStream('json', pieces(bad, 3))).toEqual({ ok: false, message: 'line 2, column 5: the document is not UTF-8 text', line: 2, column: 5 });
    const late = Buffer.concat([Buffer.from('[1 2, "'), Buffer.from([0xc3, 0x28]), Buffer.from('"]')]);
    expect(await validateSourceStream('json', pieces(late, 100))).toEqual({ ok: false, message: 'line 1, column 8: the document is not UTF-8 text', line: 1, column: 8 });
    const split = Buffer.concat([Buffer.from('["é😀", \n "'), Buffer.from([0xe2, 0x82]), Buffer.from('x"]')]);
    for (const size of [1, 2, 3, 4, 5, 100]) {
      expect(await validateSourceStream('json', pieces(late, size))).toEqual({ ok: false, message: 'line 1, column 8: the document is not UTF-8 text', line: 1, column: 8 });
      expect(await validateSourceStream('json', pieces(split, size))).toEqual({ ok: false, message: 'line 2, column 3: the document is not UTF-8 text', line: 2, column: 3 });
    }
  });

  it('when a listener asks for shallow keys then it gets them decoded, with where values start', () => {
    const seen: string[] = [];
    const scanner = new JsonStreamScanner(MAX_JSON_DEPTH, {
      maxDepth: 1,
      key: (depth, key) => seen.push(`key ${depth} ${key}`),
      value: (depth, kind) => seen.push(`value ${depth} ${kind}`),
    });
    for (const char of '{"a\\u0062": [1, {"deep": 2}], "c\\"": {"d": 3}}') scanner.write(char);
    expect(scanner.end()).toBeUndefined();
    expect(seen).toEqual(['value 0 object', 'key 1 ab', 'value 1 array', 'key 1 c"', 'value 1 object']);
  });

  it('when a shallow key is longer than the bound then the listener gets it cut, with an ellipsis, and the document is still checked whole', () => {
    const keys: string[] = [];
    const scanner = new JsonStreamScanner(MAX_JSON_DEPTH, { maxDepth: 1, key: (_depth, key) => keys.push(key) });
    const long = `${'\\u00e9'.repeat(10)}${'k'.repeat(MAX_KEY_CHARS * 3)}`;
    for (let at = 0; at < long.length + 20; at += 1000) scanner.write(`{"${long}": 1, "b": 2}`.slice(at, at + 1000));
    expect(scanner.end()).toBeUndefined();
    expect(keys[0]).toBe(`${'é'.repeat(10)}${'k'.repeat(MAX_KEY_CHARS - 60)}…`);
    expect(keys[1]).toBe('b');
  });

  it('when a shallow key is written all in escapes then it is cut at the bound too, after a whole escape', () => {
    const keys: string[] = [];
    const scanner = new JsonStreamScanner(MAX_JSON_DEPTH, { maxDepth: 1, key: (_depth, key) => keys.push(key) });
    const escaped = '\\u0041'.repeat(MAX_KEY_CHARS * 2);
    for (let at = 0; at < escaped.length + 20; at += 1000) scanner.write(`{"${escaped}": 1, "b": 2}`.slice(at, at + 1000));
    expect(scanner.end()).toBeUndefined();
    // Escapes are kept whole: the key stops at the first escape past the bound.
    expect(keys[0]).toBe(`${'A'.repeat(Math.ceil(MAX_KEY_CHARS / 6))}…`);
    expect(keys[1]).toBe('b');
  });
});
