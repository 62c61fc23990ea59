// One page of a source for an agent tool result (DESIGN 7): from `offset`, at most `length`
// characters, and fewer when JSON escaping would push the whole result past its budget.
// Concatenated pages are the source exactly; a page never splits a surrogate pair.
import { AppError } from '@oms/domain';

export type SourcePage = {
  source: string;
  source_truncated: boolean;
  source_chars: number;
  next_source_offset: number | null;
};

/** Characters JSON.stringify writes for the code unit at `index` (lone surrogates are escaped). */
function escapedLength(text: string, index: number): number {
  const code = text.charCodeAt(index);
  if (code === 0x22 || code === 0x5c) return 2;
  if (code < 0x20) return code === 0x08 || code === 0x09 || code === 0x0a || code === 0x0c || code === 0x0d ? 2 : 6;
  if (code >= 0xd800 && code <= 0xdbff) {
    const next = text.charCodeAt(index + 1);
    return next >= 0xdc00 && next <= 0xdfff ? 1 : 6;
  }
  if (code >= 0xdc00 && code <= 0xdfff) {
    const previous = text.charCodeAt(index - 1);
    return previous >= 0xd800 && previous <= 0xdbff ? 1 : 6;
  }
  return 1;
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/**
 * The page of `text` from `offset` of at most `length` characters whose JSON-escaped form takes
 * at most `escapedBudget` characters. An offset past the end is refused (422 on source_offset).
 */
export function sourcePage(text: string, offset: number, length: number, escapedBudget: number): SourcePage {
  return pageOfWindow({ text, start: 0, total: text.length }, offset, length, escapedBudget);
}

/**
 * A stretch of a source: `text` starts at character `start` of a source of `total` characters.
 * A page is computed from the stretch alone when it holds the character before the offset and
 * the page plus one character after it (or runs to the end).
 */
type SourceWindow = { text: string; start: number; total: number };

function pageOfWindow(window: SourceWindow, offset: number, length: number, escapedBudget: number): SourcePage {
  const { text, start, total } = window;
  if (offset > total) {
    throw AppError.validation({ source_offset: [`is past the end of the source (${total} characters); pass a smaller source_offset`] });
  }
  const stop = Math.min(total, offset + length) - start;
  const from = offset - start;
  let end = from;
  let used = 0;
  while (end < stop) {
    const cost = escapedLength(text, end);
    if (used + cost > escapedBudget) break;
    used += cost;
    end += 1;
  }
  // Never end a page between the two halves of a surrogate pair (unless the page would be empty).
  if (end > from + 1 && isHighSurrogate(text.charCodeAt(end - 1)) && isLowSurrogate(text.charCodeAt(end))) end -= 1;
  const truncated = start + end < total;
  return { source: text.slice(from, end), source_truncated: truncated, source_chars: total, next_source_offset: truncated ? start + end : null };
}

/**
 * `sourcePage` of a source read as text chunks (DESIGN 8: a large source is never held whole):
 * only the page's stretch is kept. With `total` (the source's length, kept with it) the read
 * stops once the page's stretch is in (an offset past the end reads nothing); without it the
 * rest is counted, to the end, for `source_chars`.
 */
export async function streamedSourcePage(chunks: AsyncIterable<string>, offset: number, length: number, escapedBudget: number, total?: number): Promise<SourcePage> {
  if (total !== undefined && offset > total) return pageOfWindow({ text: '', start: 0, total }, offset, length, escapedBudget);
  const keepFrom = Math.max(0, offset - 1);
  const keepTo = offset + length + 1;
  const kept: string[] = [];
  let position = 0;
  for await (const chunk of chunks) {
    const from = Math.max(keepFrom, position);
    const to = Math.min(keepTo, position + chunk.length);
    if (from < to) kept.push(chunk.slice(from - position, to - position));
    position += chunk.length;
    // Leaving the loop ends the read (the chunks' return()).
    if (total !== undefined && position >= keepTo) break;
  }
  return pageOfWindow({ text: kept.join(''), start: Math.min(keepFrom, position), total: total ?? position }, offset, length, escapedBudget);
}
