// The unified text diff, for `other` sources and as the fallback of every other kind.
import { formatPatch, structuredPatch, type StructuredPatch } from 'diff';

export type TextDiffSummary = { lines_added: number; lines_removed: number; hunks: number };
export type TextDiff = { kind: 'text'; summary: TextDiffSummary; changes: { unified: string }; truncated: boolean };

export type TextSide = { name: string; header?: string; text: string };

/** How long the line diff may search for a minimal edit before it gives up. */
const SEARCH_MS = 10_000;

const FILE_HEADERS = { includeIndex: false, includeUnderline: false, includeFileHeaders: true };

function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** One hunk that removes every old line and adds every new one: correct, if not minimal. */
function wholeFileHunk(from: TextSide, to: TextSide): StructuredPatch {
  const oldLines = splitLines(from.text);
  const newLines = splitLines(to.text);
  return {
    oldFileName: from.name,
    newFileName: to.name,
    oldHeader: from.header,
    newHeader: to.header,
    hunks:
      oldLines.length + newLines.length === 0
        ? []
        : [
            {
              oldStart: oldLines.length === 0 ? 0 : 1,
              oldLines: oldLines.length,
              newStart: newLines.length === 0 ? 0 : 1,
              newLines: newLines.length,
              lines: [...oldLines.map((line) => `-${line}`), ...newLines.map((line) => `+${line}`)],
            },
          ],
  };
}

function linePatch(from: TextSide, to: TextSide): Promise<StructuredPatch | undefined> {
  return new Promise((resolve) => {
    structuredPatch(from.name, to.name, from.text, to.text, from.header, to.header, {
      context: 3,
      timeout: SEARCH_MS,
      callback: (patch) => resolve(patch),
    });
  });
}

export async function diffText(from: TextSide, to: TextSide): Promise<TextDiff> {
  const patch = from.text === to.text ? { ...wholeFileHunk(from, to), hunks: [] } : ((await linePatch(from, to)) ?? wholeFileHunk(from, to));
  let added = 0;
  let removed = 0;
  for (const hunk of patch.hunks) {
    for (const line of hunk.lines) {
      if (line.startsWith('+')) added += 1;
      else if (line.startsWith('-')) removed += 1;
    }
  }
  return {
    kind: 'text',
    summary: { lines_added: added, lines_removed: removed, hunks: patch.hunks.length },
    changes: { unified: patch.hunks.length === 0 ? '' : formatPatch(patch, FILE_HEADERS) },
    truncated: false,
  };
}
