import { describe, expect, it } from 'vitest';
import { validateSource, validateSourceStream } from './index.js';

async function* pieces(source: string | Buffer, size: number): AsyncGenerator<Uint8Array> {
  const bytes = Buffer.isBuffer(source) ? source : Buffer.from(source, 'utf8');
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

const VALID = '\uFEFF@prefix ex: <http://e/> .\r\nex:a ex:b "x\\"y" , """long\n"str""" ; ex:c ( 1 2 [ ex:d "é" ] ) .\r\n# [[[[ a comment\n';

describe('validateSourceStream (turtle)', () => {
  it.each([1, 2, 3, 7, 4096])('when valid Turtle with a BOM, CRLF, strings and lists comes in %i-byte pieces then it is accepted with every triple', async (size) => {
    let streamed = 0;
    let whole = 0;
    expect(await validateSourceStream('turtle', pieces(VALID, size), { quad: () => (streamed += 1) })).toEqual({ ok: true });
    await validateSource('turtle', VALID, { quad: () => (whole += 1) });
    expect(streamed).toBe(whole);
    expect(streamed).toBe(10);
  });

  it('when the document is invalid at its end then it is refused with the same position as the whole-text check', async () => {
    const text = '@prefix ex: <http://e/> .\nex:a ex:b ex:c .\nex:a ex:b';
    expect(await validateSourceStream('turtle', pieces(text, 5))).toEqual(await validateSource('turtle', text));
  });

  it('when bytes are not UTF-8, hold a NUL or are blank then it is refused', async () => {
    expect(await validateSourceStream('turtle', pieces(Buffer.from([0x3c, 0x61, 0xff, 0x3e]), 2))).toMatchObject({ ok: false, message: 'line 1: the document is not UTF-8 text' });
    expect(await validateSourceStream('turtle', pieces('<a> <b> <c> .\n<a>\u0000', 3))).toMatchObject({ ok: false, line: 2 });
    expect(await validateSourceStream('turtle', pieces(' \r\n ', 1))).toMatchObject({ ok: false, message: 'the document is empty' });
  });

  it('when valid Turtle nests deeper than the bound across pieces then it is refused', async () => {
    const text = `<http://e/a> <http://e/b> ${'( '.repeat(50_001)}`;
    expect(await validateSourceStream('turtle', pieces(text, 1000))).toMatchObject({ ok: false, message: expect.stringContaining('nested more than 50000 levels') });
  });

  it('when brackets sit in strings, IRIs and comments split across pieces then they do not count as nesting', async () => {
    const clean = `<http://e/a> <http://e/b> """${'['.repeat(60_000)}""" . # ${'('.repeat(60_000)}\n<http://e/a> <http://e/b> "${'['.repeat(60_000)}" .\n`;
    expect(await validateSourceStream('turtle', pieces(clean, 3))).toEqual({ ok: true });
  });

  it('when the format has no streaming parser then it is refused as such', async () => {
    expect(await validateSourceStream('yaml', pieces('a: 1', 2))).toMatchObject({ ok: false, message: 'a yaml source cannot be checked as a stream' });
  });
});
