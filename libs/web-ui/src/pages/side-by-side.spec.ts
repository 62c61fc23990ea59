import { describe, expect, it } from 'vitest';
import { MAX_LINE_CHARS, sideBySide } from './side-by-side.js';

describe('sideBySide', () => {
  it('when a hunk replaces and adds lines then removals face additions, numbered from the header', () => {
    const unified = ['--- a', '+++ b', '@@ -3,4 +3,5 @@', ' keep', '-old one', '-old two', '+new one', '+new two', '+new three', ' tail'].join('\n');
    expect(sideBySide(unified)).toEqual([
      { kind: 'hunk', text: '@@ -3,4 +3,5 @@' },
      { kind: 'same', left: { n: 3, text: 'keep' }, right: { n: 3, text: 'keep' } },
      { kind: 'change', left: { n: 4, text: 'old one' }, right: { n: 4, text: 'new one' } },
      { kind: 'change', left: { n: 5, text: 'old two' }, right: { n: 5, text: 'new two' } },
      { kind: 'change', left: null, right: { n: 6, text: 'new three' } },
      { kind: 'same', left: { n: 6, text: 'tail' }, right: { n: 7, text: 'tail' } },
    ]);
  });

  it('when only lines are removed at the end then the right side is empty and "no newline" notes are skipped', () => {
    const rows = sideBySide(['@@ -1,2 +1 @@', ' a', '-b', '\\ No newline at end of file'].join('\n'));
    expect(rows.at(-1)).toEqual({ kind: 'change', left: { n: 2, text: 'b' }, right: null });
    expect(rows).toHaveLength(3);
  });

  it('when a line is very long then it is cut with an ellipsis', () => {
    const [, row] = sideBySide(`@@ -1 +1 @@\n+${'x'.repeat(MAX_LINE_CHARS + 50)}`);
    expect(row).toMatchObject({ kind: 'change', left: null });
    expect(row?.kind === 'change' && row.right?.text.length).toBe(MAX_LINE_CHARS + 1);
  });
});
