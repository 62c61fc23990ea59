// A unified diff as rows of two columns (the diff page's "two versions side by side"): context
// lines sit on both sides, a run of removals faces the run of additions that replaced it line
// for line, and each hunk starts with its header. Lines are numbered from the hunk headers.

export type Side = { n: number; text: string };
export type SideBySideRow =
  | { kind: 'hunk'; text: string }
  | { kind: 'same'; left: Side; right: Side }
  | { kind: 'change'; left: Side | null; right: Side | null };

/** The longest line shown; the rest of a longer one is cut (the page stays bounded). */
export const MAX_LINE_CHARS = 1000;

const cut = (text: string) => (text.length > MAX_LINE_CHARS ? `${text.slice(0, MAX_LINE_CHARS)}…` : text);

export function sideBySide(unified: string): SideBySideRow[] {
  const rows: SideBySideRow[] = [];
  let left = 0;
  let right = 0;
  let removed: Side[] = [];
  let added: Side[] = [];
  const flush = () => {
    for (let i = 0; i < Math.max(removed.length, added.length); i += 1) rows.push({ kind: 'change', left: removed[i] ?? null, right: added[i] ?? null });
    removed = [];
    added = [];
  };
  for (const line of unified.split('\n')) {
    if (line.startsWith('---') || line.startsWith('+++') || line.startsWith('\\')) continue;
    const hunk = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@(.*)$/.exec(line);
    if (hunk) {
      flush();
      left = Number(hunk[1]);
      right = Number(hunk[2]);
      rows.push({ kind: 'hunk', text: cut(line) });
    } else if (line.startsWith('-')) {
      removed.push({ n: left, text: cut(line.slice(1)) });
      left += 1;
    } else if (line.startsWith('+')) {
      added.push({ n: right, text: cut(line.slice(1)) });
      right += 1;
    } else if (line.startsWith(' ')) {
      flush();
      rows.push({ kind: 'same', left: { n: left, text: cut(line.slice(1)) }, right: { n: right, text: cut(line.slice(1)) } });
      left += 1;
      right += 1;
    }
  }
  flush();
  return rows;
}
