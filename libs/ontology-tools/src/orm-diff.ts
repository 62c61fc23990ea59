// The model diff of two ORM2 files: object types, fact types and constraints matched by their
// NORMA ids, reported as added, removed, renamed (same id, new name) or changed (same id,
// something else about it differs, listed by field).
import { parseOrm, type OrmConstraint, type OrmFactType, type OrmModel, type OrmObjectType } from '@oms/orm';
import { firstReading, objectTypeNames } from './orm-reading.js';

export type OrmElementRef = { id: string; name: string; kind?: string; reading?: string };
export type OrmRename = { id: string; from: string; to: string };
export type OrmElementChange = OrmElementRef & { fields: string[] };
export type OrmElementChanges = { added: OrmElementRef[]; removed: OrmElementRef[]; renamed: OrmRename[]; changed: OrmElementChange[] };
export type OrmChangeCounts = { added: number; removed: number; renamed: number; changed: number };

export type OrmDiff = {
  kind: 'orm';
  summary: { object_types: OrmChangeCounts; fact_types: OrmChangeCounts; constraints: OrmChangeCounts };
  changes: { object_types: OrmElementChanges; fact_types: OrmElementChanges; constraints: OrmElementChanges };
  truncated: boolean;
};

export const EMPTY_ORM_MODEL: OrmModel = {
  id: '',
  name: '',
  objectTypes: [],
  factTypes: [],
  subtypeFacts: [],
  constraints: [],
  notes: [],
  diagrams: [],
  skipped: { impliedConstraints: 0, subtypeFactConstraints: 0, linkFactTypes: 0, linkFactConstraints: 0 },
};

type Element = { id: string; name: string };
type Describer<T extends Element> = { ref(element: T, model: OrmModel): OrmElementRef; fields(element: T): Record<string, unknown> };

const sorted = (values: readonly string[]) => [...values].sort();

const objectTypes: Describer<OrmObjectType> = {
  ref: (objectType) => ({ id: objectType.id, name: objectType.name, kind: objectType.kind }),
  fields: (objectType) => ({
    kind: objectType.kind,
    reference_mode: objectType.referenceMode,
    data_type: objectType.dataType?.name,
    data_type_length: objectType.dataType?.length,
    data_type_scale: objectType.dataType?.scale,
    independent: objectType.isIndependent,
    value_constraint: objectType.valueConstraintId,
    objectifies: objectType.objectifiedFactTypeId,
    plays_roles: sorted(objectType.playedRoleIds),
  }),
};

const factTypes: Describer<OrmFactType> = {
  ref: (factType, model) => {
    const reading = firstReading(factType, objectTypeNames(model));
    return reading === undefined ? { id: factType.id, name: factType.name } : { id: factType.id, name: factType.name, reading };
  },
  fields: (factType) => ({
    roles: factType.roles.map((role) => ({ id: role.id, name: role.name, player: role.playerId })),
    readings: factType.readingOrders.map((order) => ({ roles: order.roleIds, texts: order.readings })),
    internal_constraints: sorted(factType.internalConstraintIds),
    objectified_by: factType.objectifiedById,
    unary: factType.isUnary,
  }),
};

const constraints: Describer<OrmConstraint> = {
  ref: (constraint) => ({ id: constraint.id, name: constraint.name, kind: constraint.kind }),
  fields: (constraint) => ({
    kind: constraint.kind,
    modality: constraint.modality,
    internal: constraint.isInternal,
    role_sequences: constraint.roleSequences,
    preferred_identifier_for: constraint.preferredIdentifierFor,
    frequency: [constraint.minFrequency, constraint.maxFrequency],
    ring_type: constraint.ringType,
    operator: constraint.operator,
    value_ranges: constraint.valueRanges,
    constrains: constraint.constrainedId,
  }),
};

function compare<T extends Element>(from: T[], to: T[], describer: Describer<T>, models: { from: OrmModel; to: OrmModel }): OrmElementChanges {
  const before = new Map(from.map((element) => [element.id, element]));
  const after = new Map(to.map((element) => [element.id, element]));
  const changes: OrmElementChanges = { added: [], removed: [], renamed: [], changed: [] };
  for (const [id, element] of after) {
    const old = before.get(id);
    if (!old) {
      changes.added.push(describer.ref(element, models.to));
      continue;
    }
    if (old.name !== element.name) changes.renamed.push({ id, from: old.name, to: element.name });
    const oldFields = describer.fields(old);
    const newFields = describer.fields(element);
    const fields = Object.keys(newFields).filter((field) => JSON.stringify(oldFields[field]) !== JSON.stringify(newFields[field]));
    if (fields.length > 0) changes.changed.push({ ...describer.ref(element, models.to), fields });
  }
  for (const [id, element] of before) if (!after.has(id)) changes.removed.push(describer.ref(element, models.from));
  return changes;
}

const countsOf = (changes: OrmElementChanges): OrmChangeCounts => ({
  added: changes.added.length,
  removed: changes.removed.length,
  renamed: changes.renamed.length,
  changed: changes.changed.length,
});

/** NORMA's hidden boolean value types of unary fact types are not shown, as in `summarize`. */
const visibleObjectTypes = (model: OrmModel) => model.objectTypes.filter((objectType) => !objectType.isImplicitBoolean);

export function diffOrmModels(from: OrmModel, to: OrmModel): OrmDiff {
  const models = { from, to };
  const changes = {
    object_types: compare(visibleObjectTypes(from), visibleObjectTypes(to), objectTypes, models),
    fact_types: compare(from.factTypes, to.factTypes, factTypes, models),
    constraints: compare(from.constraints, to.constraints, constraints, models),
  };
  return {
    kind: 'orm',
    summary: { object_types: countsOf(changes.object_types), fact_types: countsOf(changes.fact_types), constraints: countsOf(changes.constraints) },
    changes,
    truncated: false,
  };
}

/** Parses both sources (`from` null: an empty model); throws OrmParseError for a file that is not ORM2. */
export function diffOrm(from: string | null, to: string): OrmDiff {
  return diffOrmModels(from === null ? EMPTY_ORM_MODEL : parseOrm(from), parseOrm(to));
}
