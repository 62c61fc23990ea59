// Text width without a browser: Helvetica/Arial advance widths (1/1000 em) for ASCII,
// which Tahoma and Liberation Sans come close to. Shapes are widened from these numbers
// so a name never spills out of its box, whichever of the listed fonts the viewer has.

// Widths of the characters from " " (32) to "~" (126).
const ASCII_WIDTHS = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556,
  278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667,
  611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833,
  556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];

/** Fonts differ by a few percent; the margin keeps the estimate on the wide side. */
const SAFETY = 1.06;

function advance(code: number): number {
  if (code >= 32 && code <= 126) return ASCII_WIDTHS[code - 32] ?? 556;
  if (code >= 0x2e80) return 1000; // CJK and other wide scripts
  return 600;
}

/** Estimated width in px of one line of text at `fontSize` px. */
export function textWidth(text: string, fontSize: number): number {
  let units = 0;
  for (const char of text) units += advance(char.codePointAt(0) ?? 32);
  return (units / 1000) * fontSize * SAFETY;
}

/** Widest line of a multi-line text. */
export function blockWidth(lines: string[], fontSize: number): number {
  return lines.reduce((widest, line) => Math.max(widest, textWidth(line, fontSize)), 0);
}

/** Widest a line of each kind of text may get before it wraps (px at NORMA's 7 pt). */
export const WRAP_WIDTH = { name: 240, reading: 480, note: 480, value: 480 } as const;
/** Lines kept of one text; the last kept line ends in "…" when more were cut. */
export const MAX_LINES = { name: 6, reading: 6, note: 60, value: 6 } as const;

/** A word too long for a line, cut into pieces that fit. */
function splitWord(word: string, maxWidth: number, fontSize: number): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const char of word) {
    if (piece !== '' && textWidth(piece + char, fontSize) > maxWidth) {
      pieces.push(piece);
      piece = '';
    }
    piece += char;
  }
  if (piece !== '') pieces.push(piece);
  return pieces;
}

/**
 * Text broken at spaces (and inside words longer than a line) into lines no wider than
 * `maxWidth`, existing line breaks kept; at most `maxLines`, the last one then marked "…".
 * Text that fits is returned as its own lines, untouched.
 */
export function wrapText(text: string, maxWidth: number, fontSize: number, maxLines = Infinity): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    if (lines.length > maxLines) break;
    if (textWidth(paragraph, fontSize) <= maxWidth) {
      lines.push(paragraph);
      continue;
    }
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line === '' ? word : `${line} ${word}`;
      if (textWidth(candidate, fontSize) <= maxWidth) {
        line = candidate;
        continue;
      }
      if (line !== '') lines.push(line);
      const pieces = textWidth(word, fontSize) <= maxWidth ? [word] : splitWord(word, maxWidth, fontSize);
      lines.push(...pieces.slice(0, -1));
      line = pieces.at(-1) ?? '';
      if (lines.length > maxLines) break;
    }
    if (line !== '') lines.push(line);
  }
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, Math.max(1, maxLines));
  const last = kept.length - 1;
  kept[last] = `${splitWord(kept[last] ?? '', Math.max(0, maxWidth - textWidth(' …', fontSize)), fontSize)[0] ?? ''} …`;
  return kept;
}
