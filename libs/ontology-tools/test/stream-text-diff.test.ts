// The streamed line diff of large sources: the same unified diff as the whole-text one on
// scattered edits, a patch that turns one version into the other whatever the edit, bounded
// listing, and byte streams cut anywhere (inside a line, inside a UTF-8 character).
import { applyPatch } from 'diff';
import { describe, expect, it } from 'vitest';
import { diffText, diffTextStreams } from '../src/index.js';
import { WINDOW_LINES } from '../src/stream-text-diff.js';

/** The text's UTF-8 bytes in pieces of `size` (cutting lines and characters anywhere). */
async function* bytesOf(text: string, size = 7): AsyncGenerator<Uint8Array> {
  const bytes = Buffer.from(text, 'utf8');
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

/** A deterministic pseudo-random sequence (mulberry32). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function turtle(terms: number): string[] {
  const lines = ['@prefix ex: <http://example.org/> .', ''];
  for (let i = 0; i < terms; i += 1) lines.push(`ex:T${i} a ex:Class ;`, `  ex:label "term ${i} é" ;`, `  ex:parent ex:T${Math.floor(i / 2)} .`, '');
  return lines;
}

/** `lines` with about `share` of them changed, removed or preceded by a new one, at scattered places. */
function edited(lines: string[], share: number, seed: number): string[] {
  const next = random(seed);
  const out: string[] = [];
  for (const line of lines) {
    const roll = next();
    if (roll < share / 3) out.push(`${line} # changed ${out.length}`);
    else if (roll < (2 * share) / 3) continue;
    else if (roll < share) out.push(`ex:New${out.length} ex:label "new ${out.length}" .`, line);
    else out.push(line);
  }
  return out;
}

const side = (name: string, text: string, size?: number) => ({ name, header: `h-${name}`, bytes: bytesOf(text, size) });

describe('streamed line diffs', () => {
  it('when lines are edited at scattered places then the streamed diff is the whole-text diff', async () => {
    const before = `${turtle(400).join('\n')}\n`;
    const after = `${edited(turtle(400), 0.02, 1).join('\n')}\n`;
    const whole = await diffText({ name: 'a', header: 'h-a', text: before }, { name: 'b', header: 'h-b', text: after });
    const streamed = await diffTextStreams(side('a', before), side('b', after));
    expect(whole.summary.hunks).toBeGreaterThan(10);
    expect(streamed).toEqual(whole);
  });

  it('when two edited lines are one short line apart then that line stays unchanged between them', async () => {
    const before = `${turtle(50).join('\n')}\n`;
    const lines = turtle(50);
    lines[8] = `${lines[8]} # edited`;
    lines[10] = `${lines[10]} # edited`;
    expect(lines[9]).toBe('');
    const after = `${lines.join('\n')}\n`;
    const streamed = await diffTextStreams(side('a', before), side('b', after));
    expect(streamed.summary).toEqual({ lines_added: 2, lines_removed: 2, hunks: 1 });
    expect(streamed).toEqual(await diffText({ name: 'a', header: 'h-a', text: before }, { name: 'b', header: 'h-b', text: after }));
  });

  it('when the sources differ in any way then the streamed patch turns the older into the newer', async () => {
    const cases: [string, string][] = [
      ['', 'a\n'],
      ['a\n', ''],
      ['a\nb', 'a\nc'],
      ['x\n'.repeat(50), 'x\n'.repeat(20) + 'y\n' + 'x\n'.repeat(31)],
      [`${turtle(300).join('\n')}\n`, `${turtle(300).reverse().join('\n')}\n`],
      [`${turtle(2 * WINDOW_LINES).join('\n')}\n`, `${turtle(2 * WINDOW_LINES).slice(3 * WINDOW_LINES).join('\n')}\n`],
      [`${turtle(100).join('\n')}`, `${edited(turtle(100), 0.3, 7).join('\n')}`],
    ];
    for (const [before, after] of cases) {
      const diff = await diffTextStreams(side('a', before, 5), side('b', after, 3));
      if (before === after) expect(diff.changes.unified).toBe('');
      else expect(applyPatch(before, diff.changes.unified)).toBe(after);
      const lines = diff.changes.unified.split('\n');
      expect(lines.filter((line) => line.startsWith('+') && !line.startsWith('+++')).length).toBe(diff.summary.lines_added);
      expect(lines.filter((line) => line.startsWith('-') && !line.startsWith('---')).length).toBe(diff.summary.lines_removed);
    }
  });

  it('when the diff is from nothing then every line is added against /dev/null', async () => {
    const diff = await diffTextStreams(null, side('b', 'one\ntwo\n'));
    expect(diff.summary).toEqual({ lines_added: 2, lines_removed: 0, hunks: 1 });
    expect(diff.changes.unified).toBe('--- /dev/null\n+++ b\th-b\n@@ -0,0 +1,2 @@\n+one\n+two\n');
  });

  it('when more lines changed than the limit then the summary counts all and the listing stops at the limit', async () => {
    const before = `${turtle(400).join('\n')}\n`;
    const after = `${edited(turtle(400), 0.05, 3).join('\n')}\n`;
    const full = await diffTextStreams(side('a', before), side('b', after));
    const cut = await diffTextStreams(side('a', before), side('b', after), { limit: 10 });
    expect(full.truncated).toBe(false);
    expect(cut.truncated).toBe(true);
    expect(cut.summary).toEqual(full.summary);
    const listed = cut.changes.unified.split('\n').filter((line) => /^[+-](?![+-]{2} )/.test(line));
    expect(listed).toHaveLength(10);
    expect(full.changes.unified.startsWith(cut.changes.unified.slice(0, cut.changes.unified.lastIndexOf('\n@@ ')))).toBe(true);
  });
});
