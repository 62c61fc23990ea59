// layoutDiagram: the author's saved shapes where NORMA put them, computed places for what
// no diagram shows, and the connectors rebuilt between them. Elements missing from every
// diagram are added to the first diagram only, so a file's other views stay as drawn.
import { BoxIndex, center, freeSpot, grow, PX_PER_INCH, union } from './geometry.js';
import { drawnBoxes, MARGIN } from './layout-bounds.js';
import { compactDiagram } from './layout-compact.js';
import { placeComputed, type Unplaced } from './layout-computed.js';
import { buildLinks } from './layout-links.js';
import { emptyNodes, placeSavedShapes, type PlacedNodes } from './layout-saved.js';
import type { ConstraintNode, DiagramLayout } from './layout-types.js';
import { UnknownDiagramError } from './errors.js';
import { implicitElementIds, indexModel, isSymbolConstraint, type ModelIndex } from './model-index.js';
import type { OrmDiagram, OrmModel } from './model.js';
import { constraintNode, SYMBOL_SIZE } from './symbol-nodes.js';

export type LayoutOptions = { diagram?: string | number };

/** NORMA's default base font, 7 pt (0.0972 in). */
const FONT_SIZE = 0.0972222238779068 * PX_PER_INCH;

function selectDiagram(model: OrmModel, wanted: string | number | undefined): number | null {
  if (model.diagrams.length === 0) {
    if (wanted === undefined || wanted === 0) return null;
    throw new UnknownDiagramError(`the model has no diagrams, so diagram ${JSON.stringify(wanted)} cannot be drawn`);
  }
  if (wanted === undefined) return 0;
  const names = model.diagrams.map((diagram) => diagram.name);
  const byIndex = typeof wanted === 'number' && Number.isInteger(wanted) && wanted >= 0 && wanted < names.length ? wanted : -1;
  const found = typeof wanted === 'number' ? byIndex : model.diagrams.findIndex((diagram) => diagram.name === wanted || diagram.id === wanted);
  if (found === -1) {
    const listed = names.map((name) => JSON.stringify(name)).join(', ');
    throw new UnknownDiagramError(`no diagram ${JSON.stringify(wanted)}; the model has ${names.length}: ${listed}`);
  }
  return found;
}

function unplacedElements(model: OrmModel, diagrams: OrmDiagram[]): Unplaced {
  const shown = new Set(diagrams.flatMap((diagram) => diagram.shapes.filter((shape) => shape.bounds).map((shape) => shape.subjectId)));
  const implicit = implicitElementIds(model);
  const missing = (id: string) => !shown.has(id) && !implicit.has(id);
  return {
    objectTypeIds: model.objectTypes.map((objectType) => objectType.id).filter(missing),
    factTypeIds: model.factTypes.filter((factType) => factType.roles.length > 0).map((factType) => factType.id).filter(missing),
    noteIds: model.notes.map((note) => note.id).filter(missing),
  };
}

/** External constraints no diagram shows, placed near their roles (when those are all drawn) in free space. */
function computedConstraints(index: ModelIndex, nodes: PlacedNodes, shown: Set<string>, fontSize: number): ConstraintNode[] {
  const roleBoxes = new Map(nodes.factTypes.flatMap((node) => node.roles.map((role) => [role.roleId, role.box] as const)));
  const obstacles = new BoxIndex(drawnBoxes({ ...nodes, name: '', diagramIndex: null, fontSize, links: [] }));
  const placed: ConstraintNode[] = [];
  for (const constraint of index.model.constraints) {
    if (shown.has(constraint.id) || !isSymbolConstraint(constraint, index)) continue;
    const boxes = constraint.roleSequences.flat().map((roleId) => roleBoxes.get(roleId));
    if (boxes.length === 0 || boxes.some((box) => box === undefined)) continue;
    const centres = boxes.map((box) => center(box ?? { x: 0, y: 0, width: 0, height: 0 }));
    const middle = { x: centres.reduce((sum, point) => sum + point.x, 0) / centres.length, y: centres.reduce((sum, point) => sum + point.y, 0) / centres.length };
    const box = freeSpot(middle, { width: SYMBOL_SIZE, height: SYMBOL_SIZE }, obstacles);
    const node = constraintNode(constraint, { id: `computed:${constraint.id}`, box, computed: true, fontSize });
    obstacles.add(node.box);
    placed.push(node);
  }
  return placed;
}

function merge(into: PlacedNodes, from: PlacedNodes): void {
  into.objectTypes.push(...from.objectTypes);
  into.factTypes.push(...from.factTypes);
  into.constraints.push(...from.constraints);
  into.notes.push(...from.notes);
  into.labels.push(...from.labels);
}

export function layoutDiagram(model: OrmModel, options: LayoutOptions = {}): DiagramLayout {
  const index = indexModel(model);
  const diagramIndex = selectDiagram(model, options.diagram);
  const chosen = diagramIndex === null ? undefined : model.diagrams[diagramIndex];
  const diagram = chosen ? compactDiagram(chosen) : undefined;
  const nodes = diagram ? placeSavedShapes(index, diagram, FONT_SIZE) : emptyNodes();
  if (diagramIndex === null || diagramIndex === 0) {
    const saved = union(drawnBoxes({ ...nodes, name: '', diagramIndex, fontSize: FONT_SIZE, links: [] }));
    const origin = saved ? { x: saved.x, y: saved.y + saved.height + 3 * MARGIN } : { x: 0, y: 0 };
    merge(nodes, placeComputed(index, unplacedElements(model, model.diagrams), origin, FONT_SIZE));
  }
  // An exclusive-or drawn for either half of the pair stands for both halves.
  const partners = nodes.constraints.map((node) => index.constraints.get(node.constraintId)?.exclusiveOrWith ?? node.constraintId);
  const savedSubjects = model.diagrams.flatMap((each) => each.shapes.map((shape) => shape.subjectId));
  const shown = new Set([...savedSubjects, ...nodes.constraints.map((node) => node.constraintId), ...partners]);
  nodes.constraints.push(...computedConstraints(index, nodes, shown, FONT_SIZE));
  const nothing = nodes.objectTypes.length + nodes.factTypes.length + nodes.constraints.length + nodes.notes.length === 0;
  // An empty picture still says what it is, rather than being a blank square.
  if (nothing) nodes.labels.push({ text: `Empty diagram: ${diagram?.name ?? model.name}`, x: 0, y: FONT_SIZE, anchor: 'start', tone: 'note' });
  const links = buildLinks(index, nodes);
  const partial = { name: diagram?.name ?? model.name, diagramIndex, fontSize: FONT_SIZE, ...nodes, links };
  const drawn = union(drawnBoxes(partial)) ?? { x: 0, y: 0, width: 0, height: 0 };
  return { ...partial, viewBox: grow(drawn, MARGIN) };
}
