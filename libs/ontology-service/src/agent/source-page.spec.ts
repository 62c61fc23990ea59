import { describe, expect, it } from 'vitest';
import { isAppError } from '@oms/domain';
import { sourcePage, streamedSourcePage } from './source-page.js';

/** Reads every page from 0 and joins them, as an agent following next_source_offset would. */
function readAll(text: string, length: number, budget: number): { joined: string; pages: number } {
  let joined = '';
  let pages = 0;
  let offset: number | null = 0;
  while (offset !== null) {
    const page = sourcePage(text, offset, length, budget);
    expect(JSON.stringify(page.source).length - 2).toBeLessThanOrEqual(budget);
    joined += page.source;
    pages += 1;
    offset = page.next_source_offset;
  }
  return { joined, pages };
}

describe('sourcePage', () => {
  it('when the source fits then it comes whole and untruncated', () => {
    expect(sourcePage('abc', 0, 60_000, 100)).toEqual({ source: 'abc', source_truncated: false, source_chars: 3, next_source_offset: null });
  });

  it('when the source is longer than the page length then the page stops there and names the next offset', () => {
    const page = sourcePage('abcdefghij', 2, 3, 100);
    expect(page).toEqual({ source: 'cde', source_truncated: true, source_chars: 10, next_source_offset: 5 });
  });

  it('when escaping would pass the budget then the page stops short and the pages still join to the source', () => {
    const text = '"\\\n\u0001'.repeat(500) + 'plain text '.repeat(300);
    const first = sourcePage(text, 0, 60_000, 1_000);
    expect(first.source.length).toBeLessThan(1_000);
    expect(JSON.stringify(first.source).length - 2).toBeLessThanOrEqual(1_000);
    const { joined, pages } = readAll(text, 60_000, 1_000);
    expect(joined).toBe(text);
    expect(pages).toBeGreaterThan(3);
  });

  it('when a page would end inside a surrogate pair then it ends before the pair', () => {
    const text = 'ab😀cd';
    const page = sourcePage(text, 0, 3, 100);
    expect(page.source).toBe('ab');
    expect(page.next_source_offset).toBe(2);
    expect(readAll(text, 3, 100).joined).toBe(text);
  });

  it('when the offset is at the end then the page is empty and final', () => {
    expect(sourcePage('abc', 3, 10, 100)).toEqual({ source: '', source_truncated: false, source_chars: 3, next_source_offset: null });
  });

  it('when the offset is past the end then it is refused on source_offset with the length', () => {
    try {
      sourcePage('abc', 4, 10, 100);
      expect.unreachable();
    } catch (error) {
      expect(isAppError(error) && error.fieldErrors?.['source_offset']?.[0]).toMatch(/past the end of the source \(3 characters\)/);
    }
  });

  it('when lone surrogates are escaped to six characters then the budget counts them so', () => {
    const text = '\ud800'.repeat(100);
    const page = sourcePage(text, 0, 100, 60);
    expect(page.source.length).toBe(10);
    expect(JSON.stringify(page.source).length - 2).toBe(60);
  });

  it('when the source comes in chunks then every page equals the whole-text page, at any chunk size', async () => {
    const text = `ab😀"\\\n\u0001 ${'plain 中 text '.repeat(40)}\ud800 end 😀`;
    async function* chunked(size: number) {
      for (let at = 0; at < text.length; at += size) yield text.slice(at, at + size);
    }
    for (const size of [1, 3, 7, 64, 10_000]) {
      for (const [offset, length, budget] of [[0, 60_000, 1_000], [0, 3, 100], [2, 5, 100], [17, 40, 50], [text.length - 3, 10, 100], [text.length, 10, 100]] as const) {
        expect(await streamedSourcePage(chunked(size), offset, length, budget)).toEqual(sourcePage(text, offset, length, budget));
      }
      await expect(streamedSourcePage(chunked(size), text.length + 1, 10, 100)).rejects.toThrow();
    }
  });

  it('when the length of the source is known then a page reads only up to its end, and equals the whole-text page', async () => {
    const text = `ab😀"\\\n ${'plain 中 text '.repeat(400)} end 😀`;
    let read: number;
    async function* chunked(size: number) {
      for (let at = 0; at < text.length; at += size) {
        read = at + size;
        yield text.slice(at, at + size);
      }
    }
    for (const size of [1, 7, 64]) {
      for (const [offset, length, budget] of [[0, 60_000, 1_000], [0, 3, 100], [2, 5, 100], [17, 40, 50], [300, 100, 60_000], [text.length - 3, 10, 100], [text.length, 10, 100]] as const) {
        read = 0;
        expect(await streamedSourcePage(chunked(size), offset, length, budget, text.length)).toEqual(sourcePage(text, offset, length, budget));
        // The page, the character after it, and the rest of the chunk that holds it.
        expect(read).toBeLessThanOrEqual(Math.min(offset + length + 1, text.length) + size);
      }
      read = 0;
      await expect(streamedSourcePage(chunked(size), text.length + 1, 10, 100, text.length)).rejects.toThrow();
      expect(read).toBe(0);
    }
  });
});
