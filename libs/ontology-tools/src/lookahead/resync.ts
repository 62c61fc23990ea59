// Where two line streams that differ at their fronts meet again: the nearest pair of equal
// lines within the two windows (the pair with the fewest lines dropped from both). A short line
// (" .", a blank line) must be followed by another equal line, so that it does not resynchronize
// on the wrong place; `oneForOne` also takes any equal line at the same distance on both sides
// (lines replaced one for one).

/** What the matcher reads of a window of lines. */
export type LineLookahead = { readonly size: number; peek(i: number): string | undefined };

export type ResyncOptions = {
  /** A line at least this long resynchronizes alone; a shorter one needs the next line equal too. */
  sureLength: number;
  /** Whether an equal line at the same distance on both sides is taken whatever its length. */
  oneForOne: boolean;
};

function sure(a: LineLookahead, b: LineLookahead, i: number, j: number, options: ResyncOptions): boolean {
  if (options.oneForOne && i === j) return true;
  const line = a.peek(i) as string;
  if (line.length >= options.sureLength) return true;
  return a.peek(i + 1) === b.peek(j + 1);
}

/** The nearest resynchronization: [i, j] when line i of `a` and line j of `b` are the first equal pair, if any. */
export function nearestResync(a: LineLookahead, b: LineLookahead, options: ResyncOptions): [number, number] | undefined {
  const firstInA = new Map<string, number>();
  const firstInB = new Map<string, number>();
  let best: [number, number] | undefined;
  let bestCost = Infinity;
  const span = Math.max(a.size, b.size);
  for (let k = 0; k < span && k < bestCost; k += 1) {
    const lineA = a.peek(k);
    const lineB = b.peek(k);
    if (lineA !== undefined && !firstInA.has(lineA)) firstInA.set(lineA, k);
    if (lineB !== undefined && !firstInB.has(lineB)) firstInB.set(lineB, k);
    if (lineA !== undefined) {
      const j = firstInB.get(lineA);
      if (j !== undefined && k + j < bestCost && sure(a, b, k, j, options)) [best, bestCost] = [[k, j], k + j];
    }
    if (lineB !== undefined) {
      const i = firstInA.get(lineB);
      if (i !== undefined && i + k < bestCost && sure(a, b, i, k, options)) [best, bestCost] = [[i, k], i + k];
    }
  }
  return best;
}
