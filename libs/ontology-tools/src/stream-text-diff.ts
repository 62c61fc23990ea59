// The unified text diff of two large sources read as byte streams, in bounded memory (DESIGN 8:
// diffs of large sources). Both streams pass through a window of lines: equal lines are
// counted (and the last few kept as context), and after a difference the streams resynchronize
// on the nearest pair of equal lines within WINDOW_LINES of each side (the pair with the fewest
// lines removed and added; a short line must be followed by another equal one, so that " ." or
// a blank line does not resynchronize on the wrong place, unless it is as far on both sides:
// lines replaced one for one), with the matcher the source store's line delta uses (lookahead/).
// The answer is the one `diffText` gives (hunks with 3 lines of context, merged when at most 6
// lines apart), except that an edit larger than the window may be shown as more lines
// removed and added than a minimal diff would, and that at most `limit` changed lines are
// listed (the summary counts all; `truncated` says so). Memory: the two windows, the listed
// lines and one hunk, whatever the size of the sources.
import { LookaheadWindow, latin1LineBatches, nearestResync } from './lookahead/index.js';
import type { TextDiff } from './text-diff.js';

/** Lines looked at ahead of each stream when they differ. */
export const WINDOW_LINES = 512;
/** A line at least this long resynchronizes alone; a shorter one needs the next line equal too. */
const SURE_LINE_BYTES = 24;
/** A line longer than this is compared and listed in pieces of this size (so memory stays bounded). */
export const MAX_LINE_BYTES = 1024 * 1024;
const CONTEXT = 3;
const NO_NEWLINE = '\\ No newline at end of file\n';

export type StreamTextSide = { name: string; header?: string; bytes: AsyncIterable<Uint8Array> };

/** The bytes of an empty source. */
const NOTHING: AsyncIterable<Uint8Array> = { [Symbol.asyncIterator]: () => ({ next: async () => ({ done: true, value: undefined }) }) };

/** A look-ahead window over the lines of a byte stream (latin1 strings: one character per byte). */
const lineWindow = (bytes: AsyncIterable<Uint8Array>) => new LookaheadWindow(latin1LineBatches(bytes, MAX_LINE_BYTES));

/** A line as it is listed: back to UTF-8, with git's marker when it has no newline. */
function listed(prefix: string, line: string): string {
  const text = Buffer.from(line, 'latin1').toString('utf8');
  return text.endsWith('\n') ? `${prefix}${text}` : `${prefix}${text}\n${NO_NEWLINE}`;
}

/** Builds the unified text hunk by hunk, listing at most `limit` changed lines. */
class HunkWriter {
  readonly parts: string[] = [];
  added = 0;
  removed = 0;
  hunks = 0;
  truncated = false;
  private listedChanges = 0;
  /** Lines of the older and newer streams passed so far. */
  private oldLine = 0;
  private newLine = 0;
  /** The last equal lines before the open hunk (or before the next one). */
  private before: string[] = [];
  /** Equal lines since the open hunk's last change. */
  private after: string[] = [];
  private hunk: { oldStart: number; newStart: number; oldLines: number; newLines: number; lines: string[] } | undefined;

  constructor(private readonly limit: number) {}

  equal(line: string): void {
    this.oldLine += 1;
    this.newLine += 1;
    if (this.hunk) {
      this.after.push(line);
      if (this.after.length > 2 * CONTEXT) this.close();
      return;
    }
    this.before.push(line);
    if (this.before.length > CONTEXT) this.before.shift();
  }

  change(side: '-' | '+', line: string): void {
    if (side === '-') {
      this.removed += 1;
      this.oldLine += 1;
    } else {
      this.added += 1;
      this.newLine += 1;
    }
    if (!this.hunk) {
      this.hunks += 1;
      const oldBefore = side === '-' ? this.oldLine - 1 : this.oldLine;
      const newBefore = side === '+' ? this.newLine - 1 : this.newLine;
      this.hunk = { oldStart: oldBefore - this.before.length + 1, newStart: newBefore - this.before.length + 1, oldLines: 0, newLines: 0, lines: [] };
      for (const context of this.before) this.context(context);
      this.before = [];
    } else {
      for (const context of this.after) this.context(context);
      this.after = [];
    }
    if (this.listedChanges >= this.limit) {
      this.truncated = true;
      return;
    }
    this.listedChanges += 1;
    const hunk = this.hunk;
    if (side === '-') hunk.oldLines += 1;
    else hunk.newLines += 1;
    hunk.lines.push(listed(side, line));
  }

  private context(line: string): void {
    const hunk = this.hunk;
    if (!hunk || this.truncated) return;
    hunk.oldLines += 1;
    hunk.newLines += 1;
    hunk.lines.push(listed(' ', line));
  }

  /** Ends the open hunk with up to CONTEXT of the equal lines after it; the last of them open the next one. */
  close(): void {
    const hunk = this.hunk;
    if (!hunk) return;
    for (const line of this.after.slice(0, CONTEXT)) this.context(line);
    this.before = this.after.slice(-CONTEXT);
    this.after = [];
    this.hunk = undefined;
    if (hunk.oldLines + hunk.newLines === 0) return;
    // As diff(1) and jsdiff write it: an empty side starts at the line before.
    const oldStart = hunk.oldLines === 0 ? hunk.oldStart - 1 : hunk.oldStart;
    const newStart = hunk.newLines === 0 ? hunk.newStart - 1 : hunk.newStart;
    this.parts.push(`@@ -${oldStart},${hunk.oldLines} +${newStart},${hunk.newLines} @@\n`, ...hunk.lines);
  }
}

const fileHeader = (marker: string, side: { name: string; header?: string }) =>
  `${marker} ${side.name}${side.header === undefined ? '' : `\t${side.header}`}\n`;

/**
 * The unified diff of `from` (null: an empty source) and `to`, read as byte streams to their
 * end; at most `limit` changed lines are listed.
 */
export async function diffTextStreams(from: StreamTextSide | null, to: StreamTextSide, options: { limit?: number; signal?: AbortSignal } = {}): Promise<TextDiff> {
  const older = lineWindow(from ? from.bytes : NOTHING);
  const newer = lineWindow(to.bytes);
  const out = new HunkWriter(options.limit ?? Number.POSITIVE_INFINITY);
  try {
    for (;;) {
      options.signal?.throwIfAborted();
      await Promise.all([older.fill(WINDOW_LINES), newer.fill(WINDOW_LINES)]);
      if (older.size === 0 && newer.size === 0) break;
      let progressed = false;
      while (older.size > 0 && newer.size > 0 && older.peek(0) === newer.peek(0)) {
        newer.take();
        out.equal(older.take());
        progressed = true;
      }
      if (progressed) continue;
      if (older.size === 0 || newer.size === 0) {
        while (older.size > 0) out.change('-', older.take());
        while (newer.size > 0) out.change('+', newer.take());
        continue;
      }
      // Nothing in common within the windows: half of each is replaced at once.
      const [i, j] = nearestResync(older, newer, { sureLength: SURE_LINE_BYTES, oneForOne: true }) ?? [Math.ceil(older.size / 2), Math.ceil(newer.size / 2)];
      for (let k = 0; k < i; k += 1) out.change('-', older.take());
      for (let k = 0; k < j; k += 1) out.change('+', newer.take());
    }
    out.close();
  } finally {
    await Promise.all([older.close(), newer.close()]);
  }
  const unified = out.hunks === 0 ? '' : [fileHeader('---', from ?? { name: '/dev/null' }), fileHeader('+++', to), ...out.parts].join('');
  return {
    kind: 'text',
    summary: { lines_added: out.added, lines_removed: out.removed, hunks: out.hunks },
    changes: { unified },
    truncated: out.truncated,
  };
}
