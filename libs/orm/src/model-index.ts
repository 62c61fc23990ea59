// Lookups by id over a parsed model, built once per layout, plus the rule for which model
// elements NORMA never gives a shape of their own.
import type { OrmConstraint, OrmFactType, OrmModel, OrmModelNote, OrmObjectType, OrmRole } from './model.js';

export type ModelIndex = {
  model: OrmModel;
  objectTypes: Map<string, OrmObjectType>;
  factTypes: Map<string, OrmFactType>;
  constraints: Map<string, OrmConstraint>;
  roles: Map<string, OrmRole>;
  notes: Map<string, OrmModelNote>;
};

/** `{ deontic: true }` for a deontic constraint (drawn in NORMA's blue), else nothing: spread into what draws it. */
export const deonticMark = (constraint: Pick<OrmConstraint, 'modality'>): { deontic?: true } => (constraint.modality === 'deontic' ? { deontic: true } : {});

export function indexModel(model: OrmModel): ModelIndex {
  return {
    model,
    objectTypes: new Map(model.objectTypes.map((objectType) => [objectType.id, objectType])),
    factTypes: new Map(model.factTypes.map((factType) => [factType.id, factType])),
    constraints: new Map(model.constraints.map((constraint) => [constraint.id, constraint])),
    roles: new Map(model.factTypes.flatMap((factType) => factType.roles.map((role) => [role.id, role] as const))),
    notes: new Map(model.notes.map((note) => [note.id, note])),
  };
}

/**
 * Elements that are drawn implicitly: the value type and fact type behind a collapsed
 * reference mode ("Person(.id)"), the boolean value type of a unary, and an objectifying
 * entity type (its shape is the frame around its fact type).
 */
export function implicitElementIds(model: OrmModel): Set<string> {
  const ids = new Set<string>();
  for (const objectType of model.objectTypes) {
    if (objectType.isImplicitBoolean || objectType.objectifiedFactTypeId) ids.add(objectType.id);
    if (objectType.referenceModeFactTypeId) ids.add(objectType.referenceModeFactTypeId);
    if (objectType.referenceModeValueTypeId) ids.add(objectType.referenceModeValueTypeId);
  }
  return ids;
}

/** Constraints drawn as their own symbol (not as bars, dots or a partner's symbol). */
export function isSymbolConstraint(constraint: OrmConstraint, index: ModelIndex): boolean {
  if (constraint.kind === 'value') return false;
  if ((constraint.kind === 'uniqueness' || constraint.kind === 'mandatory') && constraint.isInternal) return false;
  // An exclusive-or is one symbol, saved for the mandatory half of the pair.
  if (constraint.kind === 'exclusion' && constraint.exclusiveOrWith && index.constraints.has(constraint.exclusiveOrWith)) return false;
  return true;
}
