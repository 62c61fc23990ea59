// Places model elements that no saved shape shows: the whole model when a file has no
// diagram, otherwise the leftovers, as a block under the author's drawing. Object types
// and fact types are ELK nodes; a binary's first player is put before the fact type and
// the other players after it, so facts read left to right as in hand-drawn ORM diagrams.
import { layeredLayout, type GraphEdge, type GraphNode, type Positions } from './elk-sync.js';
import { computedFactSize, factTypeNode, objectifiedNameLines, readingLines } from './fact-type-node.js';
import type { Box, Point } from './layout-types.js';
import { emptyNodes, type PlacedNodes } from './layout-saved.js';
import type { ModelIndex } from './model-index.js';
import type { OrmFactType } from './model.js';
import { centredLabel, objectTypeNode, objectTypeSize, valueConstraintDrawing, valueConstraintLabel, valueConstraintLines } from './object-type-node.js';
import { readingText } from './reading-text.js';
import { noteNode } from './symbol-nodes.js';
import { valueConstraintText } from './constraint-text.js';
import { blockWidth } from './text-metrics.js';

export type Unplaced = { objectTypeIds: string[]; factTypeIds: string[]; noteIds: string[] };

/** Past this many nodes ELK wraps its layers into rows, so big models are not one long strip. */
const WRAP_ABOVE = 30;

const GAP = 24;
/** Computed notes wrap into rows at least this wide. */
const NOTES_ROW = 800;

/**
 * ELK's layered layout runs synchronously (it blocks the process) and its time grows fast
 * with nodes and even faster with edges: about 3 s for 400 nodes and 800 edges, a minute for
 * 5,000 nodes, two for 600 nodes and 6,000 edges. Past this many nodes plus edges the grid is used.
 */
export const MAX_ELK_SIZE = 1_000;

/** Nodes in breadth-first order over the edges, so a fact type lands next to its players. */
function connectedOrder(nodes: GraphNode[], edges: GraphEdge[]): GraphNode[] {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const neighbours = new Map<string, string[]>();
  const link = (from: string, to: string) => {
    const list = neighbours.get(from);
    if (list) list.push(to);
    else neighbours.set(from, [to]);
  };
  for (const edge of edges) {
    link(edge.source, edge.target);
    link(edge.target, edge.source);
  }
  const seen = new Set<string>();
  const ordered: GraphNode[] = [];
  for (const start of nodes) {
    if (seen.has(start.id)) continue;
    seen.add(start.id);
    const queue = [start.id];
    for (let head = 0; head < queue.length; head += 1) {
      const id = queue[head] ?? '';
      const node = byId.get(id);
      if (node) ordered.push(node);
      for (const next of neighbours.get(id) ?? []) {
        if (!seen.has(next) && byId.has(next)) {
          seen.add(next);
          queue.push(next);
        }
      }
    }
  }
  return ordered;
}

/** Rows of nodes about 1.6 times as wide as they are tall: big models, or when ELK cannot lay the graph out. */
export function gridPositions(nodes: GraphNode[], edges: GraphEdge[] = []): Positions {
  const positions: Positions = new Map();
  const area = nodes.reduce((sum, node) => sum + (node.width + GAP) * (node.height + GAP), 0);
  const rowWidth = Math.max(...nodes.map((node) => node.width), Math.sqrt(area * 1.6));
  let x = 0;
  let y = 0;
  let rowHeight = 0;
  for (const node of connectedOrder(nodes, edges)) {
    if (x > 0 && x + node.width > rowWidth) {
      x = 0;
      y += rowHeight + GAP;
      rowHeight = 0;
    }
    positions.set(node.id, { x, y });
    x += node.width + GAP;
    rowHeight = Math.max(rowHeight, node.height);
  }
  return positions;
}

/** The value-constraint texts of a fact type's roles, wrapped as drawn. */
function roleValueTexts(index: ModelIndex, factType: OrmFactType, fontSize: number): string[][] {
  return factType.roles
    .map((role) => (role.valueConstraintId ? index.constraints.get(role.valueConstraintId) : undefined))
    .filter((constraint) => constraint !== undefined)
    .map((constraint) => valueConstraintLines(valueConstraintText(constraint), fontSize));
}

export function placeComputed(index: ModelIndex, unplaced: Unplaced, origin: Point, fontSize: number): PlacedNodes {
  const nodes = emptyNodes();
  const labelHeight = fontSize * 1.4;
  const graphNodes: GraphNode[] = [];
  const edges: GraphEdge[] = [];
  const factSizes = new Map<string, { width: number; height: number }>();
  const objectSizes = new Map<string, { width: number; height: number }>();
  const valueHeights = new Map<string, number>();
  for (const id of unplaced.objectTypeIds) {
    const objectType = index.objectTypes.get(id);
    if (!objectType) continue;
    const size = objectTypeSize(objectType, fontSize);
    objectSizes.set(id, size);
    // A value constraint stands above its value type; the node is wide enough for both.
    const constraint = objectType.valueConstraintId ? index.constraints.get(objectType.valueConstraintId) : undefined;
    const valueLines = constraint ? valueConstraintLines(valueConstraintText(constraint), fontSize) : [];
    valueHeights.set(id, valueLines.length * labelHeight);
    graphNodes.push({ id, width: Math.max(size.width, blockWidth(valueLines, fontSize)), height: size.height + valueLines.length * labelHeight });
  }
  const placed = new Set(graphNodes.map((node) => node.id));
  // An objectified fact type's frame stands for its entity type, so edges to the entity go to the fact.
  const standIn = new Map<string, string>();
  for (const id of unplaced.factTypeIds) {
    const objectifier = index.factTypes.get(id)?.objectifiedById;
    if (objectifier) standIn.set(objectifier, id);
  }
  const nodeOf = (id: string | undefined) => (id === undefined ? undefined : placed.has(id) ? id : standIn.get(id));
  const objectified = (id: string) => index.factTypes.get(id)?.objectifiedById !== undefined;
  const nameHeights = new Map<string, number>();
  for (const id of unplaced.factTypeIds) {
    const factType = index.factTypes.get(id);
    if (!factType || factType.roles.length === 0) continue;
    const size = computedFactSize(index, factType);
    factSizes.set(id, size);
    const reading = readingText(factType, factType.roles.map((role) => role.id));
    const lines = reading === undefined ? [''] : readingLines(reading, fontSize);
    // Room for the reading below and, when objectified, the name above.
    const nameHeight = objectified(id) ? labelHeight * objectifiedNameLines(index, factType, fontSize) : 0;
    // Value constraints on roles stand above everything, one row each.
    const roleValues = roleValueTexts(index, factType, fontSize);
    const valuesHeight = roleValues.reduce((sum, lines) => sum + lines.length * labelHeight, 0);
    nameHeights.set(id, nameHeight + valuesHeight);
    const width = Math.max(size.width, blockWidth(lines, fontSize), ...roleValues.map((text) => blockWidth(text, fontSize)));
    graphNodes.push({ id, width, height: size.height + labelHeight * lines.length + nameHeight + valuesHeight });
    factType.roles.forEach((role, position) => {
      const player = nodeOf(role.playerId);
      if (!player || player === id) return;
      const first = position === 0 && factType.roles.length > 1;
      edges.push({ id: `${id}:${role.id}`, source: first ? player : id, target: first ? id : player });
    });
  }
  for (const subtype of index.model.subtypeFacts) {
    const [sub, supertype] = [nodeOf(subtype.subtypeId), nodeOf(subtype.supertypeId)];
    if (sub && supertype) edges.push({ id: subtype.id, source: supertype, target: sub });
  }
  const wrap: Record<string, string> = graphNodes.length > WRAP_ABOVE ? { 'elk.layered.wrapping.strategy': 'MULTI_EDGE', 'elk.aspectRatio': '1.6' } : {};
  const useElk = graphNodes.length > 0 && graphNodes.length + edges.length <= MAX_ELK_SIZE;
  const positions = (useElk ? layeredLayout(graphNodes, edges, wrap) : undefined) ?? gridPositions(graphNodes, edges);
  let bottom = origin.y;
  let right = origin.x;
  for (const graphNode of graphNodes) {
    const at = positions.get(graphNode.id) ?? { x: 0, y: 0 };
    const x = origin.x + at.x;
    const y = origin.y + at.y;
    bottom = Math.max(bottom, y + graphNode.height);
    right = Math.max(right, x + graphNode.width);
    const objectType = index.objectTypes.get(graphNode.id);
    const factType = index.factTypes.get(graphNode.id);
    if (objectType) {
      const valueHeight = valueHeights.get(objectType.id) ?? 0;
      const top = y + valueHeight;
      const size = objectSizes.get(objectType.id) ?? objectTypeSize(objectType, fontSize);
      const box: Box = { x: x + (graphNode.width - size.width) / 2, y: top, width: size.width, height: size.height };
      nodes.objectTypes.push(objectTypeNode(objectType, { id: `computed:${objectType.id}`, box, expandRefMode: false, shadow: false, computed: true, fontSize }));
      const label = objectType.valueConstraintId ? valueConstraintLabel(index, objectType.valueConstraintId, { x, y, width: graphNode.width, height: valueHeight }, fontSize) : undefined;
      if (label) nodes.labels.push(label);
    } else if (factType) {
      const size = factSizes.get(factType.id) ?? { width: graphNode.width, height: graphNode.height };
      const top = y + (nameHeights.get(factType.id) ?? 0);
      const box: Box = { x: x + (graphNode.width - size.width) / 2, y: top, width: size.width, height: size.height };
      const node = factTypeNode(index, factType, { id: `computed:${factType.id}`, box, computed: true, fontSize });
      nodes.factTypes.push(node);
      let labelTop = y;
      for (const roleBox of node.roles) {
        const constraintId = index.roles.get(roleBox.roleId)?.valueConstraintId;
        const drawing = constraintId ? valueConstraintDrawing(index, constraintId, fontSize) : undefined;
        if (!constraintId || !drawing) continue;
        const height = drawing.lines.length * labelHeight;
        const at = { x: roleBox.box.x + roleBox.box.width / 2 - graphNode.width / 2, y: labelTop, width: graphNode.width, height };
        nodes.labels.push({ ...centredLabel(drawing.lines, at, fontSize, drawing.tone), constraintId });
        labelTop += height;
      }
    }
  }
  // Notes in rows under the graph, no wider than it (or NOTES_ROW px), not one long strip.
  const rowEnd = Math.max(right, origin.x + NOTES_ROW);
  let noteX = origin.x;
  let noteY = bottom + GAP;
  let rowHeight = 0;
  for (const id of unplaced.noteIds) {
    const note = index.notes.get(id);
    if (!note) continue;
    let node = noteNode(note, { id: `computed:${id}`, box: { x: noteX, y: noteY, width: 0, height: 0 }, computed: true, fontSize });
    if (noteX > origin.x && noteX + node.box.width > rowEnd) {
      noteX = origin.x;
      noteY += rowHeight + GAP;
      rowHeight = 0;
      node = { ...node, box: { ...node.box, x: noteX, y: noteY } };
    }
    nodes.notes.push(node);
    noteX += node.box.width + GAP;
    rowHeight = Math.max(rowHeight, node.box.height);
  }
  return nodes;
}
