// Fact types, subtype facts and NORMA's link fact types from <orm:Facts>. A unary fact
// type is saved by NORMA as a binary whose second role is played by a hidden boolean
// value type; that role is dropped here so the model shows the unary the modeller drew.
import type { OrmConstraint, OrmFactType, OrmReadingOrder, OrmRole, OrmSubtypeFact } from './model.js';
import { ORM_CORE } from './namespaces.js';
import { readValueConstraint, valueRestrictionOf } from './parse-objects.js';
import { childNamed, childrenNamed, refsOf, type XmlElement } from './xml-tree.js';

export type ParsedFacts = {
  factTypes: OrmFactType[];
  subtypeFacts: OrmSubtypeFact[];
  roleValueConstraints: OrmConstraint[];
  /** Constraint ids NORMA keeps inside subtype facts and link fact types. */
  subtypeFactConstraintIds: Set<string>;
  linkFactConstraintIds: Set<string>;
  linkFactTypes: number;
  /** Roles of link fact types that stand for a role of the objectified fact type. */
  roleProxies: Map<string, string>;
};

function readRole(element: XmlElement, factTypeId: string, valueConstraints: OrmConstraint[]): OrmRole | undefined {
  const id = element.attrs.get('id');
  if (!id) return undefined;
  const role: OrmRole = { id, name: element.attrs.get('Name') ?? '', factTypeId, isMandatory: false, isUnique: false, constraintIds: [] };
  const player = childNamed(element, ORM_CORE, 'RolePlayer')?.attrs.get('ref');
  if (player) role.playerId = player;
  const restriction = valueRestrictionOf(element);
  if (restriction) {
    const constraint = readValueConstraint(restriction, id);
    role.valueConstraintId = constraint.id;
    valueConstraints.push(constraint);
  }
  return role;
}

function readReadingOrders(fact: XmlElement): OrmReadingOrder[] {
  return childrenNamed(childNamed(fact, ORM_CORE, 'ReadingOrders'), ORM_CORE, 'ReadingOrder').map((order) => ({
    id: order.attrs.get('id') ?? '',
    roleIds: refsOf(childNamed(order, ORM_CORE, 'RoleSequence')),
    readings: childrenNamed(childNamed(order, ORM_CORE, 'Readings'), ORM_CORE, 'Reading').map((reading) => childNamed(reading, ORM_CORE, 'Data')?.text ?? ''),
  }));
}

function readSubtypeFact(fact: XmlElement, id: string): OrmSubtypeFact | undefined {
  const roles = childNamed(fact, ORM_CORE, 'FactRoles');
  const subtypeRole = childNamed(roles, ORM_CORE, 'SubtypeMetaRole');
  const supertypeRole = childNamed(roles, ORM_CORE, 'SupertypeMetaRole');
  const subtypeId = childNamed(subtypeRole, ORM_CORE, 'RolePlayer')?.attrs.get('ref');
  const supertypeId = childNamed(supertypeRole, ORM_CORE, 'RolePlayer')?.attrs.get('ref');
  if (!subtypeId || !supertypeId) return undefined;
  return {
    id,
    subtypeId,
    supertypeId,
    subtypeRoleId: subtypeRole?.attrs.get('id') ?? '',
    supertypeRoleId: supertypeRole?.attrs.get('id') ?? '',
    providesIdentification: fact.attrs.get('PreferredIdentificationPath') === 'true',
  };
}

export function parseFacts(facts: XmlElement | undefined, implicitBooleanIds: Set<string>): ParsedFacts {
  const parsed: ParsedFacts = {
    factTypes: [],
    subtypeFacts: [],
    roleValueConstraints: [],
    subtypeFactConstraintIds: new Set(),
    linkFactConstraintIds: new Set(),
    linkFactTypes: 0,
    roleProxies: new Map(),
  };
  for (const fact of facts?.children ?? []) {
    const id = fact.attrs.get('id');
    if (fact.uri !== ORM_CORE || !id) continue;
    const internalConstraintIds = refsOf(childNamed(fact, ORM_CORE, 'InternalConstraints'));
    if (fact.local === 'SubtypeFact') {
      const subtype = readSubtypeFact(fact, id);
      if (subtype) parsed.subtypeFacts.push(subtype);
      for (const constraintId of internalConstraintIds) parsed.subtypeFactConstraintIds.add(constraintId);
    } else if (fact.local === 'ImpliedFact') {
      parsed.linkFactTypes += 1;
      for (const constraintId of internalConstraintIds) parsed.linkFactConstraintIds.add(constraintId);
      for (const proxy of childrenNamed(childNamed(fact, ORM_CORE, 'FactRoles'), ORM_CORE, 'RoleProxy')) {
        const proxied = childNamed(proxy, ORM_CORE, 'Role')?.attrs.get('ref');
        const proxyId = proxy.attrs.get('id');
        if (proxyId && proxied) parsed.roleProxies.set(proxyId, proxied);
      }
    } else if (fact.local === 'Fact') {
      const roles = childrenNamed(childNamed(fact, ORM_CORE, 'FactRoles'), ORM_CORE, 'Role')
        .map((element) => readRole(element, id, parsed.roleValueConstraints))
        .filter((role): role is OrmRole => role !== undefined);
      const shown = roles.filter((role) => !(role.playerId && implicitBooleanIds.has(role.playerId)));
      parsed.factTypes.push({
        id,
        name: fact.attrs.get('_Name') ?? fact.attrs.get('Name') ?? '',
        roles: shown,
        readingOrders: readReadingOrders(fact),
        internalConstraintIds,
        isUnary: shown.length === 1,
      });
    }
  }
  return parsed;
}
