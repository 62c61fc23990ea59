// The typed ORM2 model read from a NORMA .orm file. Only what a modeller draws or reads
// is kept; NORMA's generated artefacts (implied constraints, link fact types, the
// internal constraints of subtype facts) are counted in `skipped` so nothing is lost silently.

export type ObjectTypeKind = 'entity' | 'value';
export type ReferenceModeKind = 'popular' | 'unitBased' | 'general';

export type ValueRange = {
  min: string;
  max: string;
  minInclusion?: 'open' | 'closed';
  maxInclusion?: 'open' | 'closed';
};

export type OrmObjectType = {
  id: string;
  name: string;
  kind: ObjectTypeKind;
  /** The reference mode as written in the file (`id`, `code`, `cm`), if any. */
  referenceMode?: string;
  referenceModeKind?: ReferenceModeKind;
  /** The fact type and value type behind the reference mode; NORMA hides them unless expanded. */
  referenceModeFactTypeId?: string;
  referenceModeValueTypeId?: string;
  preferredIdentifierId?: string;
  /** The fact type this entity type objectifies (NestedPredicate). */
  objectifiedFactTypeId?: string;
  dataType?: { id: string; name?: string; length?: number; scale?: number };
  valueConstraintId?: string;
  isIndependent: boolean;
  /** NORMA's hidden boolean value type that turns a unary fact type into a binary one. */
  isImplicitBoolean: boolean;
  playedRoleIds: string[];
};

export type OrmRole = {
  id: string;
  name: string;
  factTypeId: string;
  playerId?: string;
  /** A simple mandatory constraint covers this role. */
  isMandatory: boolean;
  /** An internal uniqueness constraint covers exactly this role. */
  isUnique: boolean;
  /** The internal uniqueness and simple mandatory constraints that cover this role. */
  constraintIds: string[];
  valueConstraintId?: string;
};

export type OrmReadingOrder = {
  id: string;
  /** Role ids in reading order: placeholder `{i}` stands for `roleIds[i]`. */
  roleIds: string[];
  /** Reading texts with `{0}`, `{1}`, ... placeholders. */
  readings: string[];
};

export type OrmFactType = {
  id: string;
  name: string;
  roles: OrmRole[];
  readingOrders: OrmReadingOrder[];
  internalConstraintIds: string[];
  /** The entity type that objectifies this fact type, if any. */
  objectifiedById?: string;
  /** A unary fact type (NORMA stores it as a binary with an implicit boolean role). */
  isUnary: boolean;
};

export type OrmSubtypeFact = {
  id: string;
  subtypeId: string;
  supertypeId: string;
  subtypeRoleId: string;
  supertypeRoleId: string;
  /** The subtype is identified through this supertype (solid arrow) or not (dashed). */
  providesIdentification: boolean;
};

export type ConstraintKind =
  | 'uniqueness'
  | 'mandatory'
  | 'exclusion'
  | 'equality'
  | 'subset'
  | 'frequency'
  | 'ring'
  | 'value'
  | 'valueComparison';

export type OrmConstraint = {
  id: string;
  name: string;
  kind: ConstraintKind;
  /** Internal uniqueness, simple mandatory, and constraints over roles of one fact type. */
  isInternal: boolean;
  modality: 'alethic' | 'deontic';
  /** Role ids, one sequence per argument (set comparison constraints have several). */
  roleSequences: string[][];
  preferredIdentifierFor?: string;
  /** An exclusion and a disjunctive mandatory constraint that together form exclusive-or. */
  exclusiveOrWith?: string;
  minFrequency?: number;
  maxFrequency?: number;
  ringType?: string;
  operator?: string;
  valueRanges?: ValueRange[];
  /** For value constraints: the value type or role they restrict. */
  constrainedId?: string;
};

export type OrmModelNote = { id: string; text: string; referencedIds: string[] };

export type Bounds = { x: number; y: number; width: number; height: number };

export type RelativeShapeKind = 'reading' | 'roleName' | 'valueConstraint' | 'objectifiedName' | 'cardinality';
export type RelativeShape = { id: string; kind: RelativeShapeKind; subjectId: string; bounds?: Bounds };

export type ShapeKind =
  | 'objectType'
  | 'factType'
  | 'externalConstraint'
  | 'frequencyConstraint'
  | 'ringConstraint'
  | 'valueComparisonConstraint'
  | 'modelNote';

export type Orientation = 'horizontal' | 'verticalRotatedRight' | 'verticalRotatedLeft';

export type OrmShape = {
  id: string;
  kind: ShapeKind;
  subjectId: string;
  /** In inches, as saved by NORMA; missing when the attribute is absent or unreadable. */
  bounds?: Bounds;
  expandRefMode: boolean;
  orientation: Orientation;
  constraintPosition: 'top' | 'bottom';
  displayRoleNames: boolean;
  roleDisplayOrder: string[];
  relative: RelativeShape[];
};

export type OrmDiagram = { id: string; name: string; isCompleteView: boolean; shapes: OrmShape[] };

export type OrmModel = {
  id: string;
  name: string;
  objectTypes: OrmObjectType[];
  factTypes: OrmFactType[];
  subtypeFacts: OrmSubtypeFact[];
  constraints: OrmConstraint[];
  notes: OrmModelNote[];
  diagrams: OrmDiagram[];
  /** NORMA artefacts left out of the model, by kind. */
  skipped: { impliedConstraints: number; subtypeFactConstraints: number; linkFactTypes: number; linkFactConstraints: number };
};
