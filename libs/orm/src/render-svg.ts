// renderSvg: a self-contained SVG document for a laid-out diagram. No fonts, images or
// links are referenced; text is escaped; numbers are rounded; so the output is safe to
// inline in a page and identical for identical input.
import type { DiagramLayout, Label } from './layout-types.js';
import { factTypeSvg, noteSvg, objectTypeSvg } from './svg-shapes.js';
import { constraintSvg } from './svg-symbols.js';
import { label, labelHalo } from './svg-text.js';
import { linkSvg, mandatoryDotSvg } from './svg-links.js';
import { el, escapeXml, FONT_STACK, num } from './svg-writer.js';

export type RenderOptions = {
  /** Output pixels per layout pixel (96 per inch); 1 draws at NORMA's size. */
  scale?: number;
  /** Text for the SVG <title>; the diagram name by default. */
  title?: string;
};

export type RenderCounts = { objectTypes: number; factTypes: number; constraints: number };
export type RenderResult = { svg: string; width: number; height: number; counts: RenderCounts };

/** Distinct model elements drawn: shapes drawn twice count once. */
function countDrawn(layout: DiagramLayout): RenderCounts {
  const objectTypes = new Set(layout.objectTypes.map((node) => node.objectTypeId));
  for (const node of layout.factTypes) if (node.objectification) objectTypes.add(node.objectification.objectTypeId);
  const constraints = new Set<string>();
  for (const node of layout.factTypes) for (const bar of node.bars) constraints.add(bar.constraintId);
  for (const node of layout.constraints) constraints.add(node.constraintId);
  for (const link of layout.links) if (link.mandatory && link.constraintId) constraints.add(link.constraintId);
  for (const item of layout.labels) if (item.constraintId) constraints.add(item.constraintId);
  return { objectTypes: objectTypes.size, factTypes: new Set(layout.factTypes.map((node) => node.factTypeId)).size, constraints: constraints.size };
}

function allLabels(layout: DiagramLayout): Label[] {
  const labels: Label[] = [];
  for (const node of layout.factTypes) {
    if (node.objectification) labels.push(node.objectification.name);
    if (node.reading) labels.push(node.reading);
    labels.push(...node.roleNames);
  }
  return [...labels, ...layout.labels];
}

export function renderSvg(layout: DiagramLayout, options: RenderOptions = {}): RenderResult {
  const scale = options.scale !== undefined && Number.isFinite(options.scale) && options.scale > 0 ? options.scale : 1;
  const { viewBox, fontSize } = layout;
  const width = Math.ceil(viewBox.width * scale);
  const height = Math.ceil(viewBox.height * scale);
  const labels = allLabels(layout);
  const group = (name: string, items: string[]) => (items.length > 0 ? el('g', { class: name }, items.join('')) : '');
  const body = [
    el('title', {}, escapeXml(options.title ?? layout.name)),
    el('rect', { x: viewBox.x, y: viewBox.y, width: viewBox.width, height: viewBox.height, fill: '#ffffff' }),
    group('links', layout.links.map(linkSvg)),
    group('fact-types', layout.factTypes.map(factTypeSvg)),
    group('object-types', layout.objectTypes.map((node) => objectTypeSvg(node, fontSize))),
    group('constraints', layout.constraints.map((node) => constraintSvg(node, fontSize))),
    group('mandatory', layout.links.filter((link) => link.mandatory).map(mandatoryDotSvg)),
    group('notes', layout.notes.map((node) => noteSvg(node, fontSize))),
    group('halos', labels.map((item) => labelHalo(item, fontSize))),
    group('labels', labels.map((item) => label(item, fontSize))),
  ].join('');
  const svg = el(
    'svg',
    {
      xmlns: 'http://www.w3.org/2000/svg',
      width,
      height,
      viewBox: [viewBox.x, viewBox.y, viewBox.width, viewBox.height].map(num).join(' '),
      'font-family': FONT_STACK,
      'font-size': num(fontSize),
    },
    body,
  );
  return { svg, width, height, counts: countDrawn(layout) };
}
