// ORM2 shapes: entity types as solid soft rectangles, value types dashed, a shadow for a
// type drawn twice; fact types as role boxes with violet uniqueness bars (doubled for a
// preferred identifier) and an objectification frame; model notes as dog-eared boxes.
import type { FactTypeNode, NoteNode, ObjectTypeNode, Segment } from './layout-types.js';
import { textLines } from './svg-text.js';
import { DEONTIC_BLUE, el, INK, NOTE_GREY, num, VIOLET } from './svg-writer.js';

const CORNER = 5;

export function objectTypeSvg(node: ObjectTypeNode, fontSize: number): string {
  const { x, y, width, height } = node.box;
  const parts: string[] = [];
  if (node.shadow) parts.push(el('rect', { x: x + 3, y: y + 3, width, height, rx: CORNER, fill: '#b0b0b0' }));
  parts.push(
    el('rect', {
      x,
      y,
      width,
      height,
      rx: CORNER,
      fill: '#ffffff',
      stroke: INK,
      'stroke-width': 1.2,
      'stroke-dasharray': node.kind === 'value' ? '4 2' : undefined,
    }),
  );
  const lines = node.textLines;
  const lineHeight = fontSize * 1.2;
  const firstBaseline = y + height / 2 - ((lines.length - 1) * lineHeight) / 2 + fontSize * 0.35;
  parts.push(textLines(lines, x + width / 2, firstBaseline, 'middle', INK, lineHeight));
  return el('g', { class: `object-type ${node.kind}`, 'data-id': node.objectTypeId }, parts.join(''));
}

function line(segment: Segment, attrs: Record<string, string | number>): string {
  return el('line', { x1: segment.x1, y1: segment.y1, x2: segment.x2, y2: segment.y2, ...attrs });
}

/** The preferred identifier's double bar: two lines either side of the bar position. */
function doubled(segment: Segment): Segment[] {
  const vertical = segment.x1 === segment.x2;
  const [dx, dy] = vertical ? [1.2, 0] : [0, 1.2];
  return [-1, 1].map((side) => ({ x1: segment.x1 + side * dx, y1: segment.y1 + side * dy, x2: segment.x2 + side * dx, y2: segment.y2 + side * dy }));
}

/** Frame, role boxes and bars; the fact type's texts are drawn with the other labels. */
export function factTypeSvg(node: FactTypeNode): string {
  const parts: string[] = [];
  if (node.objectification) {
    const { x, y, width, height } = node.objectification.frame;
    // Unfilled, so the lines from the roles inside visibly reach their role boxes.
    parts.push(el('rect', { x, y, width, height, rx: 6, fill: 'none', stroke: INK, 'stroke-width': 1.2 }));
  }
  for (const role of node.roles) {
    const { x, y, width, height } = role.box;
    parts.push(el('rect', { x, y, width, height, fill: '#ffffff', stroke: INK, 'stroke-width': 1, 'data-role': role.roleId }));
  }
  for (const bar of node.bars) {
    const stroke = { stroke: bar.deontic ? DEONTIC_BLUE : VIOLET, 'stroke-width': 1.3 };
    for (const segment of bar.segments) {
      for (const drawn of bar.preferred ? doubled(segment) : [segment]) parts.push(line(drawn, { ...stroke, 'stroke-linecap': 'butt' }));
    }
    for (const gap of bar.gaps) parts.push(line(gap, { ...stroke, 'stroke-width': 0.8, 'stroke-dasharray': '2 1.5' }));
  }
  return el('g', { class: 'fact-type', 'data-id': node.factTypeId }, parts.join(''));
}

export function noteSvg(node: NoteNode, fontSize: number): string {
  const { x, y, width, height } = node.box;
  const fold = Math.min(8, height / 3);
  const outline = `M${num(x)} ${num(y)}H${num(x + width - fold)}L${num(x + width)} ${num(y + fold)}V${num(y + height)}H${num(x)}Z`;
  const corner = `M${num(x + width - fold)} ${num(y)}V${num(y + fold)}H${num(x + width)}`;
  const lineHeight = fontSize * 1.2;
  return el(
    'g',
    { class: 'note' },
    el('path', { d: outline, fill: '#ffffff', stroke: NOTE_GREY, 'stroke-width': 1 }) +
      el('path', { d: corner, fill: 'none', stroke: NOTE_GREY, 'stroke-width': 1 }) +
      textLines(node.lines, x + 4, y + 3 + fontSize * 0.9, 'start', INK, lineHeight),
  );
}
