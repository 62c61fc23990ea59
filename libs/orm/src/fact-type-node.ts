// A fact type shape: role boxes and uniqueness bars inside the saved bounds, the reading
// where the author put it, role names, and the frame and name of an objectification.
import { barConstraints, barRowCount, factShapeSize, placeBars, placeRoles, type FactFrame } from './fact-geometry.js';
import { fromInches as scale } from './geometry.js';
import type { Box, FactTypeNode } from './layout-types.js';
import type { ModelIndex } from './model-index.js';
import type { OrmFactType, OrmObjectType, OrmShape } from './model.js';
import { centredLabel, firstBaseline, lineHeight, objectTypeLines } from './object-type-node.js';
import { readingText } from './reading-text.js';
import { MAX_LINES, WRAP_WIDTH, wrapText } from './text-metrics.js';

/** Inches: NORMA's size for a relative shape it has not sized or placed yet. */
const PLACEHOLDER_SIZE = 0.051;

/** Roles left to right (or top to bottom): the shape's RoleDisplayOrder, else the fact type's. */
export function displayOrder(factType: OrmFactType, shape?: OrmShape): string[] {
  const ids = factType.roles.map((role) => role.id);
  const saved = (shape?.roleDisplayOrder ?? []).filter((id) => ids.includes(id));
  return [...saved, ...ids.filter((id) => !saved.includes(id))];
}

export function frameOf(index: ModelIndex, factType: OrmFactType, shape?: OrmShape): FactFrame {
  return {
    orientation: shape?.orientation ?? 'horizontal',
    constraintPosition: shape?.constraintPosition ?? 'top',
    objectified: factType.objectifiedById !== undefined && index.objectTypes.has(factType.objectifiedById),
  };
}

/** Size of a fact type drawn from scratch, bars included. */
export function computedFactSize(index: ModelIndex, factType: OrmFactType): { width: number; height: number } {
  const order = displayOrder(factType);
  const frame = frameOf(index, factType);
  return factShapeSize(order.length, barRowCount(order, barConstraints(factType, index.constraints)), frame);
}

/** The reading as drawn: long ones wrap (a computed layout sizes its nodes from the same lines). */
export const readingLines = (text: string, fontSize: number): string[] => wrapText(text, WRAP_WIDTH.reading, fontSize, MAX_LINES.reading);

/** The quoted name of an objectified fact type, wrapped like an object type's name. */
function objectifiedName(objectifier: OrmObjectType, fontSize: number): string[] {
  const names = objectTypeLines(objectifier, false);
  return wrapText(`"${names.name}"${names.referenceMode ? ` (${names.referenceMode})` : ''}`, WRAP_WIDTH.name, fontSize, MAX_LINES.name);
}

/** How many lines the objectified name above a computed fact type takes. */
export function objectifiedNameLines(index: ModelIndex, factType: OrmFactType, fontSize: number): number {
  const objectifier = index.objectTypes.get(factType.objectifiedById ?? '');
  return objectifier ? objectifiedName(objectifier, fontSize).length : 1;
}

const below = (box: Box, fontSize: number, lines = 1): Box => ({ x: box.x, y: box.y + box.height + 1, width: box.width, height: fontSize * 0.1 + lines * lineHeight(fontSize) });

export function factTypeNode(
  index: ModelIndex,
  factType: OrmFactType,
  options: { id: string; box: Box; shape?: OrmShape; computed: boolean; fontSize: number },
): FactTypeNode {
  const { box, shape, fontSize } = options;
  const order = displayOrder(factType, shape);
  const frame = frameOf(index, factType, shape);
  const roleBoxes = placeRoles(box, order.length, frame);
  const node: FactTypeNode = {
    id: options.id,
    factTypeId: factType.id,
    box,
    vertical: frame.orientation !== 'horizontal',
    roles: order.map((roleId, position) => ({ roleId, box: roleBoxes[position] ?? box })),
    bars: placeBars(roleBoxes, order, barConstraints(factType, index.constraints), frame),
    roleNames: [],
    computed: options.computed,
  };
  const relative = (kind: string) => shape?.relative.filter((item) => item.kind === kind && item.bounds) ?? [];
  const reading = readingText(factType, order);
  const lines = reading === undefined ? [] : readingLines(reading, fontSize);
  const readingShape = relative('reading')[0];
  // NORMA recreates a missing reading shape under the fact type (beside it when vertical).
  if (reading !== undefined && readingShape?.bounds) node.reading = centredLabel(lines, scale(readingShape.bounds), fontSize);
  else if (reading !== undefined && node.vertical) node.reading = { text: lines.join('\n'), x: box.x + box.width + 3, y: firstBaseline(box.y + box.height / 2, lines.length, fontSize), anchor: 'start', tone: 'text' };
  else if (reading !== undefined) node.reading = centredLabel(lines, below(box, fontSize, lines.length), fontSize);
  if (shape?.displayRoleNames !== false) {
    const roleNames = relative('roleName');
    for (const item of roleNames) {
      const name = index.roles.get(item.subjectId)?.name;
      if (!name || !item.bounds) continue;
      const at = scale(item.bounds);
      const role = node.roles.find((each) => each.roleId === item.subjectId)?.box;
      const saved = item.bounds;
      const placeholder = saved.width <= PLACEHOLDER_SIZE && saved.height <= PLACEHOLDER_SIZE;
      const sharesSpot = roleNames.some((other) => other !== item && other.bounds && Math.hypot(other.bounds.x - saved.x, other.bounds.y - saved.y) < 0.01);
      if (role && placeholder && sharesSpot) {
        // NORMA saves a role name it has not placed yet as a 0.05 in square at its default spot over the
        // fact type; a second one there would print over the first, so it goes by its own role.
        node.roleNames.push(
          node.vertical
            ? { text: `[${name}]`, x: box.x + box.width + 2, y: role.y + role.height / 2 + fontSize * 0.35, anchor: 'start', tone: 'text' }
            : { text: `[${name}]`, x: role.x + role.width / 2, y: box.y - 2, anchor: 'middle', tone: 'text' },
        );
      } else {
        node.roleNames.push({ text: `[${name}]`, x: at.x, y: at.y + fontSize * 0.8, anchor: 'start', tone: 'text' });
      }
    }
  }
  const objectifier = frame.objectified ? index.objectTypes.get(factType.objectifiedById ?? '') : undefined;
  if (objectifier) {
    const nameLines = objectifiedName(objectifier, fontSize);
    const nameShape = relative('objectifiedName')[0];
    const height = fontSize * 0.1 + nameLines.length * lineHeight(fontSize);
    const nameBox = nameShape?.bounds ? scale(nameShape.bounds) : { x: box.x, y: box.y - height - fontSize * 0.1, width: box.width, height };
    node.objectification = { objectTypeId: objectifier.id, frame: box, name: centredLabel(nameLines, nameBox, fontSize) };
  }
  return node;
}
