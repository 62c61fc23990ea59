// Plane geometry for routing connectors: NORMA saves no lines, so each one is a straight
// segment between two shapes, cut where it crosses their borders.
import type { Box, Point } from './layout-types.js';

export const PX_PER_INCH = 96;

export const center = (box: Box): Point => ({ x: box.x + box.width / 2, y: box.y + box.height / 2 });

export function union(boxes: Box[]): Box | undefined {
  if (boxes.length === 0) return undefined;
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (const box of boxes) {
    left = Math.min(left, box.x);
    top = Math.min(top, box.y);
    right = Math.max(right, box.x + box.width);
    bottom = Math.max(bottom, box.y + box.height);
  }
  return { x: left, y: top, width: right - left, height: bottom - top };
}

export function grow(box: Box, by: number): Box {
  return { x: box.x - by, y: box.y - by, width: box.width + 2 * by, height: box.height + 2 * by };
}

/** Where the ray from the box's centre towards `toward` leaves the box. */
export function exitPoint(box: Box, toward: Point): Point {
  const from = center(box);
  const dx = toward.x - from.x;
  const dy = toward.y - from.y;
  if (dx === 0 && dy === 0) return from;
  const scaleX = dx === 0 ? Infinity : box.width / 2 / Math.abs(dx);
  const scaleY = dy === 0 ? Infinity : box.height / 2 / Math.abs(dy);
  const scale = Math.min(scaleX, scaleY);
  return { x: from.x + dx * scale, y: from.y + dy * scale };
}

/** Where the ray from the circle's centre towards `toward` meets the circle. */
export function circleExit(box: Box, toward: Point): Point {
  const from = center(box);
  const dx = toward.x - from.x;
  const dy = toward.y - from.y;
  const length = Math.hypot(dx, dy);
  if (length === 0) return from;
  const radius = Math.min(box.width, box.height) / 2;
  return { x: from.x + (dx / length) * radius, y: from.y + (dy / length) * radius };
}

export const distance = (a: Point, b: Point): number => Math.hypot(a.x - b.x, a.y - b.y);

/** The candidate nearest to `box`; ties keep the first, so the choice is deterministic. */
export function nearest<T extends { box: Box }>(candidates: T[], box: Box): T | undefined {
  let best: T | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const gap = distance(center(candidate.box), center(box));
    if (gap < bestDistance) {
      best = candidate;
      bestDistance = gap;
    }
  }
  return best;
}

export const fromInches = (bounds: Box): Box => ({
  x: bounds.x * PX_PER_INCH,
  y: bounds.y * PX_PER_INCH,
  width: bounds.width * PX_PER_INCH,
  height: bounds.height * PX_PER_INCH,
});

const overlaps = (a: Box, b: Box): boolean => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const CELL = 64;
/** A box over more cells than this is checked against every query instead. */
const MAX_CELLS = 64;

/**
 * Boxes bucketed by a grid of 64 px cells, so "does this small box touch any of them" looks
 * at a few buckets, not at every shape of a big diagram.
 */
export class BoxIndex {
  private readonly cells = new Map<string, Box[]>();
  private readonly large: Box[] = [];

  constructor(boxes: Box[] = []) {
    for (const box of boxes) this.add(box);
  }

  private static span(box: Box): [number, number, number, number] {
    return [Math.floor(box.x / CELL), Math.floor((box.x + box.width) / CELL), Math.floor(box.y / CELL), Math.floor((box.y + box.height) / CELL)];
  }

  add(box: Box): void {
    if (![box.x, box.y, box.width, box.height].every(Number.isFinite)) return;
    const [left, right, top, bottom] = BoxIndex.span(box);
    if ((right - left + 1) * (bottom - top + 1) > MAX_CELLS) {
      this.large.push(box);
      return;
    }
    for (let column = left; column <= right; column += 1) {
      for (let row = top; row <= bottom; row += 1) {
        const key = `${column},${row}`;
        const bucket = this.cells.get(key);
        if (bucket) bucket.push(box);
        else this.cells.set(key, [box]);
      }
    }
  }

  /** Whether `box` overlaps any box of the index. */
  touches(box: Box): boolean {
    if (this.large.some((other) => overlaps(other, box))) return true;
    const [left, right, top, bottom] = BoxIndex.span(box);
    for (let column = left; column <= right; column += 1) {
      for (let row = top; row <= bottom; row += 1) {
        if (this.cells.get(`${column},${row}`)?.some((other) => overlaps(other, box))) return true;
      }
    }
    return false;
  }
}

/**
 * A box of `size` as close to `near` as possible without touching any obstacle (keeping 3 px
 * clear): rings of candidate centres are tried outwards in a fixed order, so the result is deterministic.
 */
export function freeSpot(near: Point, size: { width: number; height: number }, obstacles: Box[] | BoxIndex, step = 8, rings = 30): Box {
  const at = (x: number, y: number): Box => ({ x: x - size.width / 2, y: y - size.height / 2, width: size.width, height: size.height });
  const index = obstacles instanceof BoxIndex ? obstacles : new BoxIndex(obstacles);
  for (let ring = 1; ring <= rings; ring += 1) {
    const radius = ring * step;
    const count = 8 * ring;
    for (let position = 0; position < count; position += 1) {
      // Start straight above the roles, where NORMA users usually put constraint symbols.
      const angle = -Math.PI / 2 + (position * 2 * Math.PI) / count;
      const candidate = at(near.x + radius * Math.cos(angle), near.y + radius * Math.sin(angle));
      if (!index.touches(grow(candidate, 3))) return candidate;
    }
  }
  return at(near.x, near.y - (rings + 1) * step);
}
