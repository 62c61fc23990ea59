// Where the role boxes and uniqueness bars sit inside a fact type shape. The sizes are
// NORMA's (FactTypeShape.cs: role box 0.16 x 0.11 in, constraint row 0.07 in, border
// margin 0.025 in, nested margins 0.09/0.056 in for objectified fact types), so role boxes
// land where NORMA drew them inside the saved AbsoluteBounds.
import { PX_PER_INCH } from './geometry.js';
import type { Box, Segment, UniquenessBar } from './layout-types.js';
import { deonticMark } from './model-index.js';
import type { OrmConstraint, OrmFactType, Orientation } from './model.js';

export const ROLE_LONG = 0.16 * PX_PER_INCH;
export const ROLE_SHORT = 0.11 * PX_PER_INCH;
export const CONSTRAINT_ROW = 0.07 * PX_PER_INCH;
const BORDER = 0.025 * PX_PER_INCH;
const NESTED_ALONG = 0.09 * PX_PER_INCH;
const NESTED_ACROSS = 0.056 * PX_PER_INCH;
/** NORMA's bounds include half a point of outline on each side. */
const OUTLINE = PX_PER_INCH / 144;
const BAR_INSET = 1.5;

export type FactFrame = { orientation: Orientation; constraintPosition: 'top' | 'bottom'; objectified: boolean };

const isVertical = (frame: FactFrame) => frame.orientation !== 'horizontal';

/** Margins around the role boxes: along the row of roles, and across it. */
function margins(frame: FactFrame): { along: number; across: number } {
  return frame.objectified ? { along: NESTED_ALONG, across: NESTED_ACROSS } : { along: BORDER, across: BORDER };
}

/** Size of a fact type shape drawn from scratch, as NORMA would size it. */
export function factShapeSize(roleCount: number, barRows: number, frame: FactFrame): { width: number; height: number } {
  const { along, across } = margins(frame);
  const length = Math.max(1, roleCount) * ROLE_LONG + 2 * along + 2 * OUTLINE;
  const thickness = ROLE_SHORT + barRows * CONSTRAINT_ROW + 2 * across + 2 * OUTLINE;
  return isVertical(frame) ? { width: thickness, height: length } : { width: length, height: thickness };
}

/** Which side the uniqueness bars go: NORMA turns "top" with the shape when it is vertical. */
function barSide(frame: FactFrame): 'top' | 'bottom' | 'left' | 'right' {
  const top = frame.constraintPosition === 'top';
  if (frame.orientation === 'verticalRotatedRight') return top ? 'right' : 'left';
  if (frame.orientation === 'verticalRotatedLeft') return top ? 'left' : 'right';
  return top ? 'top' : 'bottom';
}

/** Role boxes in display order inside `box`, centred along the row and kept off the bar side. */
export function placeRoles(box: Box, roleCount: number, frame: FactFrame): Box[] {
  const { across } = margins(frame);
  const side = barSide(frame);
  const count = Math.max(1, roleCount);
  const boxes: Box[] = [];
  if (!isVertical(frame)) {
    const left = box.x + (box.width - count * ROLE_LONG) / 2;
    const top = side === 'top' ? box.y + box.height - OUTLINE - across - ROLE_SHORT : box.y + OUTLINE + across;
    for (let index = 0; index < count; index += 1) boxes.push({ x: left + index * ROLE_LONG, y: top, width: ROLE_LONG, height: ROLE_SHORT });
    return boxes;
  }
  const top = box.y + (box.height - count * ROLE_LONG) / 2;
  const left = side === 'right' ? box.x + OUTLINE + across : box.x + box.width - OUTLINE - across - ROLE_SHORT;
  for (let index = 0; index < count; index += 1) boxes.push({ x: left, y: top + index * ROLE_LONG, width: ROLE_SHORT, height: ROLE_LONG });
  // Rotated left, the first role is at the bottom.
  return frame.orientation === 'verticalRotatedLeft' ? boxes.reverse() : boxes;
}

/** Greedy rows: a constraint takes the first row whose spans it does not overlap. */
export function assignRows(spans: [number, number][]): number[] {
  const rows: [number, number][][] = [];
  return spans.map(([low, high]) => {
    let row = rows.findIndex((taken) => taken.every(([a, b]) => high < a || low > b));
    if (row === -1) row = rows.push([]) - 1;
    rows[row]?.push([low, high]);
    return row;
  });
}

/** The internal uniqueness constraints NORMA draws as bars (none on unaries). */
export function barConstraints(factType: OrmFactType, constraints: Map<string, OrmConstraint>): OrmConstraint[] {
  if (factType.isUnary) return [];
  return factType.internalConstraintIds
    .map((id) => constraints.get(id))
    .filter((constraint): constraint is OrmConstraint => constraint?.kind === 'uniqueness' && constraint.isInternal);
}

/** One bar over a run of adjacent role boxes, inset a little at both ends. */
function barOver(run: Box[], offset: number, vertical: boolean): Segment {
  const start = Math.min(...run.map((role) => (vertical ? role.y : role.x))) + BAR_INSET;
  const end = Math.max(...run.map((role) => (vertical ? role.y + role.height : role.x + role.width))) - BAR_INSET;
  return vertical ? { x1: offset, y1: start, x2: offset, y2: end } : { x1: start, y1: offset, x2: end, y2: offset };
}

/** Runs of consecutive indexes: [0, 1, 3] gives [[0, 1], [3]]. */
function runsOf(indexes: number[]): number[][] {
  const runs: number[][] = [];
  for (const index of indexes) {
    const last = runs.at(-1);
    if (last && last.at(-1) === index - 1) last.push(index);
    else runs.push([index]);
  }
  return runs;
}

function coveredIndexes(order: string[], bars: OrmConstraint[]): number[][] {
  return bars.map((bar) =>
    [...new Set((bar.roleSequences[0] ?? []).map((roleId) => order.indexOf(roleId)).filter((index) => index >= 0))].sort((a, b) => a - b),
  );
}

const rowsFor = (covered: number[][]) => assignRows(covered.map((indexes) => [indexes[0] ?? 0, indexes.at(-1) ?? 0]));

/** How many rows of bars the constraints need. */
export function barRowCount(order: string[], bars: OrmConstraint[]): number {
  const rows = rowsFor(coveredIndexes(order, bars));
  return rows.length === 0 ? 0 : Math.max(...rows) + 1;
}

/** Bars over the covered roles; a run of adjacent roles gets one bar, skipped roles a dashed gap. */
export function placeBars(roles: Box[], order: string[], bars: OrmConstraint[], frame: FactFrame): UniquenessBar[] {
  const side = barSide(frame);
  const vertical = isVertical(frame);
  const covered = coveredIndexes(order, bars);
  const rows = rowsFor(covered);
  const first = roles[0];
  if (!first) return [];
  return bars.map((bar, barIndex) => {
    const depth = ((rows[barIndex] ?? 0) + 0.5) * CONSTRAINT_ROW;
    const offset =
      side === 'top' ? first.y - depth : side === 'bottom' ? first.y + first.height + depth : side === 'left' ? first.x - depth : first.x + first.width + depth;
    const runs = runsOf(covered[barIndex] ?? []);
    const boxesOf = (indexes: number[]) => indexes.map((index) => roles[index]).filter((role): role is Box => role !== undefined);
    const segments = runs.map((run) => barOver(boxesOf(run), offset, vertical));
    const gaps: Segment[] = [];
    runs.slice(1).forEach((run, position) => {
      const before = runs[position]?.at(-1) ?? 0;
      const skipped = Array.from({ length: (run[0] ?? 0) - before - 1 }, (_, step) => before + 1 + step);
      gaps.push(barOver(boxesOf(skipped), offset, vertical));
    });
    return { constraintId: bar.id, preferred: bar.preferredIdentifierFor !== undefined, segments: segments.filter((s) => Number.isFinite(s.x1)), gaps, ...deonticMark(bar) };
  });
}
