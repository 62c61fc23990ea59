// String rules shared by every wire schema: PostgreSQL text holds no NUL, and node-postgres
// would silently replace lone surrogates, so both are refused up front with a 422.
import { z } from 'zod';

/**
 * Characters nobody sees at the edges of a value: whitespace (JavaScript's \s), and the
 * invisible format and filler characters of Unicode's Default_Ignorable_Code_Point
 * (zero-width space and joiners, bidi marks, embeddings, overrides and isolates, word joiner,
 * BOM, soft hyphen, Hangul fillers...). Variation selectors and tag characters are left
 * alone: they end emoji (❤️, the flag of England) and go only when nothing visible is left.
 */
const EDGE_INVISIBLE_RANGES: readonly (readonly [number, number])[] = [
  [0x09, 0x0d], [0x20, 0x20], [0xa0, 0xa0], [0xad, 0xad], [0x34f, 0x34f], [0x61c, 0x61c],
  [0x115f, 0x1160], [0x1680, 0x1680], [0x17b4, 0x17b5], [0x180e, 0x180e], [0x2000, 0x200f],
  [0x2028, 0x202f], [0x205f, 0x206f], [0x3000, 0x3000], [0x3164, 0x3164], [0xfeff, 0xfeff],
  [0xffa0, 0xffa0], [0xfff0, 0xfff8], [0x1bca0, 0x1bca3], [0x1d173, 0x1d17a],
  [0xe0000, 0xe0001], [0xe0080, 0xe00ff], [0xe01f0, 0xe0fff],
];
const isEdgeInvisible = (codePoint: number) => EDGE_INVISIBLE_RANGES.some(([low, high]) => codePoint >= low && codePoint <= high);
const NOTHING_VISIBLE = /^[\s\p{Default_Ignorable_Code_Point}]*$/u;

/**
 * Trims whitespace and invisible characters like whitespace; a value with nothing visible
 * becomes blank. A scan from both ends (linear), not a trailing `[...]+$` regex, which
 * backtracks quadratically over a long run of invisibles followed by a visible character.
 */
export function trimInvisible(value: string): string {
  let start = 0;
  while (start < value.length) {
    const codePoint = value.codePointAt(start) ?? 0;
    if (!isEdgeInvisible(codePoint)) break;
    start += codePoint > 0xffff ? 2 : 1;
  }
  let end = value.length;
  while (end > start) {
    const last = value.charCodeAt(end - 1);
    const before = end - start >= 2 ? value.charCodeAt(end - 2) : 0;
    const pair = last >= 0xdc00 && last <= 0xdfff && before >= 0xd800 && before <= 0xdbff;
    const from = pair ? end - 2 : end - 1;
    if (!isEdgeInvisible(value.codePointAt(from) ?? 0)) break;
    end = from;
  }
  const trimmed = value.slice(start, end);
  return NOTHING_VISIBLE.test(trimmed) ? '' : trimmed;
}

export function text(options: { max: number; min?: number; trim?: boolean }) {
  let schema = z.string();
  if (options.trim ?? true) schema = schema.overwrite(trimInvisible);
  if (options.min !== undefined) schema = schema.min(options.min);
  return schema
    .max(options.max)
    .refine((value) => !value.includes('\u0000'), { message: 'must not contain NUL characters', abort: true })
    .refine((value) => value.isWellFormed(), { message: 'must be valid Unicode text' });
}

/** A required, non-blank single-line-ish text (names, titles). */
export const requiredText = (max: number) => text({ max, min: 1 });

export const emailAddress = text({ max: 254, min: 1 })
  .transform((value) => value.toLowerCase())
  .pipe(z.email({ message: 'is invalid' }));

/** Passwords are compared exactly: never trimmed. Length policy lives in the domain. */
export const passwordText = z
  .string()
  .max(1024)
  .refine((value) => !value.includes('\u0000'), { message: 'must not contain NUL characters' });
