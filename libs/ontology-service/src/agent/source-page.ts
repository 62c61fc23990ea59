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
  if (offset > text.length) {
    throw AppError.validation({ source_offset: [`is past the end of the source (${text.length} characters); pass a smaller source_offset`] });
  }
  const stop = Math.min(text.length, offset + length);
  let end = offset;
  let used = 0;
  while (end < stop) {
    const cost = escapedLength(text, end);
    if (used + cost > escapedBudget) break;
    used += cost;
    end += 1;
  }
  // Never end a page between the two halves of a surrogate pair (unless the page would be empty).
  if (end > offset + 1 && isHighSurrogate(text.charCodeAt(end - 1)) && isLowSurrogate(text.charCodeAt(end))) end -= 1;
  const truncated = end < text.length;
  return { source: text.slice(offset, end), source_truncated: truncated, source_chars: text.length, next_source_offset: truncated ? end : null };
}
