// Saved coordinates a picture can show. NORMA's canvas has no fixed size, so a file may
// place one shape miles from the rest (hand edits, other tools, a dragged-away shape);
// drawn as saved, everything else shrinks to specks when the picture is scaled to the
// pixel cap. Empty bands wider than MAX_GAP are closed up to MAX_GAP, along each axis
// separately, so the shapes keep their order and grouping and every drawing stays readable.
import type { Bounds, OrmDiagram, OrmShape, RelativeShape } from './model.js';

/** Inches of empty space kept between two groups of shapes (a generous gap in a real drawing). */
export const MAX_GAP = 8;
/** A reading, role name or value-range shape farther than this from its fact type is redrawn beside it. */
const MAX_RELATIVE_DISTANCE = 10;

type Span = { low: number; high: number };

/** For each span, how far to move it back so that no empty band between spans exceeds `maxGap`. */
export function closeGaps(spans: Span[], maxGap: number): number[] {
  const order = spans.map((_, position) => position).sort((a, b) => (spans[a]?.low ?? 0) - (spans[b]?.low ?? 0));
  const shifts = new Array<number>(spans.length).fill(0);
  let shift = 0;
  let reach = -Infinity;
  for (const position of order) {
    const span = spans[position];
    if (!span) continue;
    if (reach !== -Infinity && span.low - reach > maxGap) shift += span.low - reach - maxGap;
    reach = Math.max(reach, span.high);
    shifts[position] = shift;
  }
  return shifts;
}

const gapBetween = (a: Bounds, b: Bounds) =>
  Math.max(0, a.x - (b.x + b.width), b.x - (a.x + a.width), a.y - (b.y + b.height), b.y - (a.y + a.height));

const moved = (bounds: Bounds, dx: number, dy: number): Bounds => ({ ...bounds, x: bounds.x - dx, y: bounds.y - dy });

function movedRelative(item: RelativeShape, parent: Bounds, dx: number, dy: number): RelativeShape {
  if (!item.bounds) return item;
  if (gapBetween(item.bounds, parent) > MAX_RELATIVE_DISTANCE) {
    const { bounds: _dropped, ...rest } = item;
    return rest;
  }
  return { ...item, bounds: moved(item.bounds, dx, dy) };
}

/** The diagram with its far-apart groups of shapes moved closer; a diagram without such gaps is returned as is. */
export function compactDiagram(diagram: OrmDiagram): OrmDiagram {
  const placed = diagram.shapes.filter((shape): shape is OrmShape & { bounds: Bounds } => shape.bounds !== undefined);
  const dxs = closeGaps(placed.map(({ bounds }) => ({ low: bounds.x, high: bounds.x + bounds.width })), MAX_GAP);
  const dys = closeGaps(placed.map(({ bounds }) => ({ low: bounds.y, high: bounds.y + bounds.height })), MAX_GAP);
  const farRelative = placed.some((shape) => shape.relative.some((item) => item.bounds && gapBetween(item.bounds, shape.bounds) > MAX_RELATIVE_DISTANCE));
  if (!farRelative && dxs.every((dx) => dx === 0) && dys.every((dy) => dy === 0)) return diagram;
  const shifts = new Map(placed.map((shape, position) => [shape, { dx: dxs[position] ?? 0, dy: dys[position] ?? 0 }]));
  const shapes = diagram.shapes.map((shape) => {
    const shift = shifts.get(shape as OrmShape & { bounds: Bounds });
    if (!shift || !shape.bounds) return shape;
    const parent = shape.bounds;
    return { ...shape, bounds: moved(parent, shift.dx, shift.dy), relative: shape.relative.map((item) => movedRelative(item, parent, shift.dx, shift.dy)) };
  });
  return { ...diagram, shapes };
}
