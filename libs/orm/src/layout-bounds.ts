// Everything a layout draws, as boxes: the viewBox is their union plus a margin, and the
// tests check that each one lies inside it, so nothing is ever cut off at the edge.
import type { Box, DiagramLayout, Label, Link, Segment } from './layout-types.js';
import { textWidth } from './text-metrics.js';

export const MARGIN = 16;
/** Room for mandatory dots, arrow heads and shadows beyond a link end or a shape. */
const DECORATION = 6;

export function labelBox(label: Label, fontSize: number): Box {
  const lines = label.text.split('\n');
  const width = Math.max(...lines.map((line) => textWidth(line, fontSize)));
  const x = label.anchor === 'start' ? label.x : label.anchor === 'end' ? label.x - width : label.x - width / 2;
  const top = label.y - fontSize * 0.9;
  return { x, y: top, width, height: fontSize * 1.2 * lines.length };
}

const segmentBox = (segment: Segment): Box => ({
  x: Math.min(segment.x1, segment.x2) - 2,
  y: Math.min(segment.y1, segment.y2) - 2,
  width: Math.abs(segment.x2 - segment.x1) + 4,
  height: Math.abs(segment.y2 - segment.y1) + 4,
});

const linkBox = (link: Link): Box => ({
  x: Math.min(link.from.x, link.to.x) - DECORATION,
  y: Math.min(link.from.y, link.to.y) - DECORATION,
  width: Math.abs(link.to.x - link.from.x) + 2 * DECORATION,
  height: Math.abs(link.to.y - link.from.y) + 2 * DECORATION,
});

/** The box of every drawn item of the layout (shapes, bars, texts, link ends). */
export function drawnBoxes(layout: Omit<DiagramLayout, 'viewBox'>): Box[] {
  const size = layout.fontSize;
  const boxes: Box[] = [];
  for (const node of layout.objectTypes) boxes.push(node.shadow ? { ...node.box, width: node.box.width + 3, height: node.box.height + 3 } : node.box);
  for (const node of layout.factTypes) {
    boxes.push(node.box, ...node.roles.map((role) => role.box));
    for (const bar of node.bars) boxes.push(...bar.segments.map(segmentBox), ...bar.gaps.map(segmentBox));
    if (node.reading) boxes.push(labelBox(node.reading, size));
    boxes.push(...node.roleNames.map((label) => labelBox(label, size)));
    if (node.objectification) boxes.push(node.objectification.frame, labelBox(node.objectification.name, size));
  }
  for (const node of layout.constraints) boxes.push(node.box);
  for (const node of layout.notes) boxes.push(node.box);
  boxes.push(...layout.links.map(linkBox), ...layout.labels.map((label) => labelBox(label, size)));
  return boxes;
}
