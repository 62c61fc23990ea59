// <ormDiagram:ORMDiagram> elements: the shapes an author placed, with their saved bounds
// (inches) and display settings. Connectors are not saved by NORMA and are rebuilt later.
import type { Bounds, Orientation, OrmDiagram, OrmShape, RelativeShape, RelativeShapeKind, ShapeKind } from './model.js';
import { ORM_DIAGRAM } from './namespaces.js';
import { childNamed, refsOf, type XmlElement } from './xml-tree.js';

const SHAPE_KINDS: Record<string, ShapeKind> = {
  ObjectTypeShape: 'objectType',
  FactTypeShape: 'factType',
  ExternalConstraintShape: 'externalConstraint',
  FrequencyConstraintShape: 'frequencyConstraint',
  RingConstraintShape: 'ringConstraint',
  ValueComparisonConstraintShape: 'valueComparisonConstraint',
  ModelNoteShape: 'modelNote',
};

const RELATIVE_KINDS: Record<string, RelativeShapeKind> = {
  ReadingShape: 'reading',
  RoleNameShape: 'roleName',
  ValueConstraintShape: 'valueConstraint',
  ObjectifiedFactTypeNameShape: 'objectifiedName',
  CardinalityConstraintShape: 'cardinality',
};

/** Beyond these (inches) a coordinate or size is no drawing's: the shape counts as unplaced. */
const MAX_COORDINATE = 1_000_000;
const MAX_SHAPE_SIZE = 100;

/** "x, y, width, height" in inches; anything else (a negative or absurd size, an absurd place) counts as unplaced. */
export function parseBounds(value: string | undefined): Bounds | undefined {
  if (!value) return undefined;
  const parts = value.split(',').map((part) => Number(part.trim()));
  const [x, y, width, height] = parts;
  if (parts.length !== 4 || x === undefined || y === undefined || width === undefined || height === undefined) return undefined;
  if (![x, y, width, height].every(Number.isFinite) || width < 0 || height < 0) return undefined;
  if (Math.abs(x) > MAX_COORDINATE || Math.abs(y) > MAX_COORDINATE || width > MAX_SHAPE_SIZE || height > MAX_SHAPE_SIZE) return undefined;
  return { x, y, width, height };
}

function orientationOf(value: string | undefined): Orientation {
  if (value === 'VerticalRotatedRight') return 'verticalRotatedRight';
  if (value === 'VerticalRotatedLeft') return 'verticalRotatedLeft';
  return 'horizontal';
}

function subjectOf(element: XmlElement): string {
  return childNamed(element, ORM_DIAGRAM, 'Subject')?.attrs.get('ref') ?? '';
}

function readRelative(element: XmlElement): RelativeShape | undefined {
  const kind = element.uri === ORM_DIAGRAM ? RELATIVE_KINDS[element.local] : undefined;
  if (!kind) return undefined;
  const bounds = parseBounds(element.attrs.get('AbsoluteBounds'));
  return { id: element.attrs.get('id') ?? '', kind, subjectId: subjectOf(element), ...(bounds ? { bounds } : {}) };
}

function readShape(element: XmlElement): OrmShape | undefined {
  const kind = element.uri === ORM_DIAGRAM ? SHAPE_KINDS[element.local] : undefined;
  if (!kind) return undefined;
  const bounds = parseBounds(element.attrs.get('AbsoluteBounds'));
  const relative = (childNamed(element, ORM_DIAGRAM, 'RelativeShapes')?.children ?? [])
    .map(readRelative)
    .filter((shape): shape is RelativeShape => shape !== undefined);
  return {
    id: element.attrs.get('id') ?? '',
    kind,
    subjectId: subjectOf(element),
    ...(bounds ? { bounds } : {}),
    expandRefMode: element.attrs.get('ExpandRefMode') === 'true',
    orientation: orientationOf(element.attrs.get('DisplayOrientation')),
    constraintPosition: element.attrs.get('ConstraintDisplayPosition') === 'Bottom' ? 'bottom' : 'top',
    displayRoleNames: element.attrs.get('DisplayRoleNames') !== 'Off',
    roleDisplayOrder: refsOf(childNamed(element, ORM_DIAGRAM, 'RoleDisplayOrder')),
    relative,
  };
}

export function parseDiagram(element: XmlElement): OrmDiagram {
  const shapes = (childNamed(element, ORM_DIAGRAM, 'Shapes')?.children ?? [])
    .map(readShape)
    .filter((shape): shape is OrmShape => shape !== undefined && shape.subjectId !== '');
  return {
    id: element.attrs.get('id') ?? '',
    name: element.attrs.get('Name') ?? '',
    isCompleteView: element.attrs.get('IsCompleteView') === 'true',
    shapes,
  };
}
