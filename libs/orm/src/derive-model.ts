// Facts the file states only indirectly: which roles are mandatory or unique, which fact
// types are objectified, and whether a frequency or ring constraint stays inside one fact
// type. Computed once here so layout and rendering never re-derive them.
import type { OrmConstraint, OrmFactType, OrmObjectType } from './model.js';

/** Roles of link fact types are replaced by the roles they stand for. */
export function resolveRoleProxies(constraints: OrmConstraint[], proxies: Map<string, string>): void {
  if (proxies.size === 0) return;
  for (const constraint of constraints) {
    constraint.roleSequences = constraint.roleSequences.map((sequence) => sequence.map((roleId) => proxies.get(roleId) ?? roleId));
  }
}

export function deriveRoleFlags(factTypes: OrmFactType[], constraints: OrmConstraint[]): void {
  const roles = new Map(factTypes.flatMap((factType) => factType.roles.map((role) => [role.id, role] as const)));
  const factOfRole = new Map(factTypes.flatMap((factType) => factType.roles.map((role) => [role.id, factType.id] as const)));
  for (const constraint of constraints) {
    const roleIds = constraint.roleSequences.flat();
    const factIds = new Set(roleIds.map((roleId) => factOfRole.get(roleId)));
    const oneFactType = factIds.size === 1 && !factIds.has(undefined) && constraint.roleSequences.length <= 1;
    if (constraint.kind === 'frequency' || constraint.kind === 'ring' || constraint.kind === 'valueComparison') {
      constraint.isInternal = oneFactType;
    }
    const covers = (constraint.kind === 'uniqueness' || constraint.kind === 'mandatory') && constraint.isInternal;
    if (!covers) continue;
    for (const roleId of roleIds) {
      const role = roles.get(roleId);
      if (!role) continue;
      role.constraintIds.push(constraint.id);
      if (constraint.kind === 'mandatory') role.isMandatory = true;
      else if (roleIds.length === 1) role.isUnique = true;
    }
  }
}

export function linkObjectifications(objectTypes: OrmObjectType[], factTypes: OrmFactType[]): void {
  const factById = new Map(factTypes.map((factType) => [factType.id, factType]));
  for (const objectType of objectTypes) {
    const factType = objectType.objectifiedFactTypeId ? factById.get(objectType.objectifiedFactTypeId) : undefined;
    if (factType) factType.objectifiedById = objectType.id;
  }
}
