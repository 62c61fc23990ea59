// Connectors: black role lines with a violet mandatory dot at the object-type end, violet
// subtype arrows (dashed when not the identification path), violet dashed constraint links
// (arrow at the superset end of a subset) and grey dotted note links. Arrow heads are
// polygons, not markers, so the SVG holds no url() references at all.
import type { Link, Point } from './layout-types.js';
import { DEONTIC_BLUE, deonticColour, el, NOTE_GREY, num, VIOLET, INK } from './svg-writer.js';

const MANDATORY_RADIUS = 2.6;

function unit(from: Point, to: Point): Point {
  const length = Math.hypot(to.x - from.x, to.y - from.y) || 1;
  return { x: (to.x - from.x) / length, y: (to.y - from.y) / length };
}

/** A filled triangle with its tip at `tip`, pointing along `direction`. */
function arrowHead(tip: Point, direction: Point, length: number, width: number, fill: string): string {
  const base = { x: tip.x - direction.x * length, y: tip.y - direction.y * length };
  const side = { x: -direction.y * (width / 2), y: direction.x * (width / 2) };
  const points = [tip, { x: base.x + side.x, y: base.y + side.y }, { x: base.x - side.x, y: base.y - side.y }];
  return el('polygon', { points: points.map((point) => `${num(point.x)},${num(point.y)}`).join(' '), fill });
}

export function linkSvg(link: Link): string {
  const drawn = alethicLinkSvg(link);
  return link.deontic ? deonticColour(drawn) : drawn;
}

function alethicLinkSvg(link: Link): string {
  const direction = unit(link.from, link.to);
  if (link.kind === 'subtype') {
    const head = 8;
    const end = { x: link.to.x - direction.x * head, y: link.to.y - direction.y * head };
    const stroke = { stroke: VIOLET, 'stroke-width': 2.2, 'stroke-dasharray': link.dashed ? '5 3' : undefined };
    return el('g', { class: 'link subtype' }, el('line', { x1: link.from.x, y1: link.from.y, x2: end.x, y2: end.y, ...stroke }) + arrowHead(link.to, direction, head, 7, VIOLET));
  }
  if (link.kind === 'constraint') {
    const line = el('line', { x1: link.from.x, y1: link.from.y, x2: link.to.x, y2: link.to.y, stroke: VIOLET, 'stroke-width': 1, 'stroke-dasharray': '3 2' });
    return el('g', { class: 'link constraint' }, line + (link.arrow ? arrowHead(link.to, direction, 6, 5, VIOLET) : ''));
  }
  if (link.kind === 'note') {
    return el('line', { class: 'link note', x1: link.from.x, y1: link.from.y, x2: link.to.x, y2: link.to.y, stroke: NOTE_GREY, 'stroke-width': 1, 'stroke-dasharray': '1 2' });
  }
  return el('line', { class: 'link role', x1: link.from.x, y1: link.from.y, x2: link.to.x, y2: link.to.y, stroke: INK, 'stroke-width': 1 });
}

/** Drawn after the shapes, so the dot sits on top of the object type's border. */
export function mandatoryDotSvg(link: Link): string {
  const direction = unit(link.from, link.to);
  const cx = link.to.x - direction.x * MANDATORY_RADIUS;
  const cy = link.to.y - direction.y * MANDATORY_RADIUS;
  // A deontic mandatory dot is hollow, as NORMA draws it.
  if (link.deontic) return el('circle', { class: 'mandatory deontic', cx, cy, r: MANDATORY_RADIUS - 0.5, fill: '#ffffff', stroke: DEONTIC_BLUE, 'stroke-width': 1 });
  return el('circle', { class: 'mandatory', cx, cy, r: MANDATORY_RADIUS, fill: VIOLET });
}
