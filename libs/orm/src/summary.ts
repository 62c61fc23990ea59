// Counts a person would give when looking at the model: NORMA's hidden boolean value
// types of unary fact types are not object types a modeller created, so they are left out.
import type { OrmModel } from './model.js';

export type OrmSummary = { objectTypes: number; entityTypes: number; valueTypes: number; factTypes: number; constraints: number };

export function summarize(model: OrmModel): OrmSummary {
  const visible = model.objectTypes.filter((objectType) => !objectType.isImplicitBoolean);
  const entityTypes = visible.filter((objectType) => objectType.kind === 'entity').length;
  return {
    objectTypes: visible.length,
    entityTypes,
    valueTypes: visible.length - entityTypes,
    factTypes: model.factTypes.length,
    constraints: model.constraints.length,
  };
}
