// Aligns two arrays given as value numbers (see value-identity.ts): the fewest removals,
// additions and replacements that turn one into the other (Levenshtein distance). Items are
// compared by number only, never by walking into them, so aligning costs one table cell per
// pair of items whatever they hold. Ties are broken as rfc6902's diffArrays breaks them (keep
// equal items, then prefer remove, add, replace), so patches read as before.

/** Indexes are into the full arrays; `keep` pairs are left out. */
export type AlignmentStep =
  | { op: 'remove'; from: number }
  | { op: 'add'; from: number; to: number }
  | { op: 'replace'; from: number; to: number };

export type Alignment = { steps: AlignmentStep[]; cells: number };

/** Cells the table needs once the common head and tail are set aside. */
export function alignmentCells(from: readonly number[], to: readonly number[]): { start: number; rows: number; columns: number; cells: number } {
  let start = 0;
  while (start < from.length && start < to.length && from[start] === to[start]) start += 1;
  let rows = from.length - start;
  let columns = to.length - start;
  while (rows > 0 && columns > 0 && from[start + rows - 1] === to[start + columns - 1]) {
    rows -= 1;
    columns -= 1;
  }
  return { start, rows, columns, cells: (rows + 1) * (columns + 1) };
}

export function alignArrays(from: readonly number[], to: readonly number[]): Alignment {
  const { start, rows, columns, cells } = alignmentCells(from, to);
  const width = columns + 1;
  const cost = new Uint32Array(cells);
  const same = (i: number, j: number) => from[start + i - 1] === to[start + j - 1];
  for (let j = 0; j <= columns; j += 1) cost[j] = j;
  for (let i = 1; i <= rows; i += 1) {
    const row = i * width;
    cost[row] = i;
    for (let j = 1; j <= columns; j += 1) {
      const diagonal = cost[row - width + j - 1] as number;
      cost[row + j] = same(i, j) ? diagonal : 1 + Math.min(cost[row - width + j] as number, cost[row + j - 1] as number, diagonal);
    }
  }

  const steps: AlignmentStep[] = [];
  let i = rows;
  let j = columns;
  while (i > 0 || j > 0) {
    const here = cost[i * width + j] as number;
    if (i > 0 && j > 0 && same(i, j)) {
      i -= 1;
      j -= 1;
    } else if (i > 0 && (cost[(i - 1) * width + j] as number) + 1 === here) {
      steps.push({ op: 'remove', from: start + i - 1 });
      i -= 1;
    } else if (j > 0 && (cost[i * width + j - 1] as number) + 1 === here) {
      steps.push({ op: 'add', from: start + i - 1, to: start + j - 1 });
      j -= 1;
    } else {
      steps.push({ op: 'replace', from: start + i - 1, to: start + j - 1 });
      i -= 1;
      j -= 1;
    }
  }
  return { steps: steps.reverse(), cells };
}
