// External constraint symbols in NORMA's violet: a circle holding a bar (uniqueness,
// doubled when it is the preferred identifier), a cross (exclusion), "=" (equality), "⊆"
// (subset), a dot (inclusive-or), cross and dot (exclusive-or), or a short text.
import { center } from './geometry.js';
import type { ConstraintNode } from './layout-types.js';
import { deonticColour, el, escapeXml, num, VIOLET } from './svg-writer.js';

const STROKE = { stroke: VIOLET, 'stroke-width': 1.2, fill: 'none' };

function hline(cx: number, cy: number, half: number): string {
  return el('line', { x1: cx - half, y1: cy, x2: cx + half, y2: cy, ...STROKE });
}

function cross(cx: number, cy: number, r: number): string {
  const d = r * 0.7071;
  return el('line', { x1: cx - d, y1: cy - d, x2: cx + d, y2: cy + d, ...STROKE }) + el('line', { x1: cx - d, y1: cy + d, x2: cx + d, y2: cy - d, ...STROKE });
}

const dot = (cx: number, cy: number, r: number) => el('circle', { cx, cy, r: r * 0.38, fill: VIOLET });

/** "⊆": a "⊂" open to the right over a short line. */
function subset(cx: number, cy: number, r: number): string {
  const right = cx + 0.45 * r;
  const left = cx - 0.05 * r;
  const top = cy - 0.5 * r;
  const bottom = cy + 0.1 * r;
  const arc = `M${num(right)} ${num(top)}H${num(left)}A${num(0.3 * r)} ${num(0.3 * r)} 0 0 0 ${num(left)} ${num(bottom)}H${num(right)}`;
  return el('path', { d: arc, ...STROKE }) + hline(cx + 0.05 * r, cy + 0.42 * r, 0.42 * r);
}

function inner(node: ConstraintNode, cx: number, cy: number, r: number): string {
  switch (node.symbol) {
    case 'uniqueness':
      return hline(cx, cy, r * 0.85);
    case 'preferredUniqueness':
      return hline(cx, cy - 1.3, r * 0.85) + hline(cx, cy + 1.3, r * 0.85);
    case 'exclusion':
      return cross(cx, cy, r);
    case 'exclusiveOr':
      return cross(cx, cy, r) + dot(cx, cy, r);
    case 'inclusiveOr':
      return dot(cx, cy, r);
    case 'equality':
      return hline(cx, cy - 1.6, r * 0.55) + hline(cx, cy + 1.6, r * 0.55);
    case 'subset':
      return subset(cx, cy, r);
    default:
      return '';
  }
}

export function constraintSvg(node: ConstraintNode, fontSize: number): string {
  const drawn = alethicSvg(node, fontSize);
  return node.deontic ? deonticColour(drawn) : drawn;
}

function alethicSvg(node: ConstraintNode, fontSize: number): string {
  const { x, y, width, height } = node.box;
  const { x: cx, y: cy } = center(node.box);
  const attrs = { class: `constraint ${node.symbol}`, 'data-id': node.constraintId };
  if (node.label !== undefined) {
    // Frequency, ring and comparison symbols carry text: an oval that fits it.
    const shape = el('rect', { x, y, width, height, rx: Math.min(width, height) / 2, fill: '#ffffff', stroke: VIOLET, 'stroke-width': 1.2 });
    const text = el('text', { x: cx, y: cy + fontSize * 0.3, 'text-anchor': 'middle', fill: VIOLET, 'font-size': num(fontSize * 0.9) }, escapeXml(node.label));
    return el('g', attrs, shape + text);
  }
  const r = Math.min(width, height) / 2;
  return el('g', attrs, el('circle', { cx, cy, r, fill: '#ffffff', stroke: VIOLET, 'stroke-width': 1.2 }) + inner(node, cx, cy, r));
}
