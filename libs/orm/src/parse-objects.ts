// Entity types, value types and objectified types from <orm:Objects>, with their data
// types and value constraints. Reference-mode kinds are resolved later, once the fact
// types tell which value type carries each reference mode.
import type { OrmConstraint, OrmObjectType, ValueRange } from './model.js';
import { ORM_CORE } from './namespaces.js';
import { childNamed, childrenNamed, refsOf, type XmlElement } from './xml-tree.js';

const OBJECT_KINDS: Record<string, 'entity' | 'value'> = { EntityType: 'entity', ObjectifiedType: 'entity', ValueType: 'value' };

function inclusion(value: string | undefined): 'open' | 'closed' | undefined {
  if (value === 'Open') return 'open';
  if (value === 'Closed') return 'closed';
  return undefined;
}

function optionalNumber(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}

/** A `<ValueConstraint>` or `<RoleValueConstraint>` as a constraint of kind "value". */
export function readValueConstraint(element: XmlElement, constrainedId: string): OrmConstraint {
  const valueRanges: ValueRange[] = childrenNamed(childNamed(element, ORM_CORE, 'ValueRanges'), ORM_CORE, 'ValueRange').map((range) => {
    const minInclusion = inclusion(range.attrs.get('MinInclusion'));
    const maxInclusion = inclusion(range.attrs.get('MaxInclusion'));
    return {
      min: range.attrs.get('MinValue') ?? '',
      max: range.attrs.get('MaxValue') ?? '',
      ...(minInclusion ? { minInclusion } : {}),
      ...(maxInclusion ? { maxInclusion } : {}),
    };
  });
  return {
    id: element.attrs.get('id') ?? '',
    name: element.attrs.get('Name') ?? '',
    kind: 'value',
    isInternal: true,
    modality: element.attrs.get('Modality') === 'Deontic' ? 'deontic' : 'alethic',
    roleSequences: [],
    valueRanges,
    constrainedId,
  };
}

/** The value constraint inside a `<ValueRestriction>`, whichever element name NORMA used. */
export function valueRestrictionOf(element: XmlElement): XmlElement | undefined {
  return childNamed(element, ORM_CORE, 'ValueRestriction')?.children.find((child) => child.uri === ORM_CORE && child.attrs.has('id'));
}

export type ParsedObjects = { objectTypes: OrmObjectType[]; valueConstraints: OrmConstraint[] };

export function parseObjects(objects: XmlElement | undefined, dataTypeNames: Map<string, string>): ParsedObjects {
  const objectTypes: OrmObjectType[] = [];
  const valueConstraints: OrmConstraint[] = [];
  for (const element of objects?.children ?? []) {
    const kind = element.uri === ORM_CORE ? OBJECT_KINDS[element.local] : undefined;
    const id = element.attrs.get('id');
    if (!kind || !id) continue;
    const isImplicitBoolean = element.attrs.get('IsImplicitBooleanValue') === 'true';
    const objectType: OrmObjectType = {
      id,
      name: element.attrs.get('Name') ?? '',
      kind,
      isIndependent: element.attrs.get('IsIndependent') === 'true',
      isImplicitBoolean,
      playedRoleIds: refsOf(childNamed(element, ORM_CORE, 'PlayedRoles')),
    };
    const referenceMode = element.attrs.get('_ReferenceMode');
    if (referenceMode) objectType.referenceMode = referenceMode;
    const preferred = childNamed(element, ORM_CORE, 'PreferredIdentifier')?.attrs.get('ref');
    if (preferred) objectType.preferredIdentifierId = preferred;
    const nested = childNamed(element, ORM_CORE, 'NestedPredicate')?.attrs.get('ref');
    if (nested) objectType.objectifiedFactTypeId = nested;
    const dataType = childNamed(element, ORM_CORE, 'ConceptualDataType');
    const dataTypeId = dataType?.attrs.get('ref');
    if (dataType && dataTypeId) {
      const name = dataTypeNames.get(dataTypeId);
      const length = optionalNumber(dataType.attrs.get('Length'));
      const scale = optionalNumber(dataType.attrs.get('Scale'));
      objectType.dataType = { id: dataTypeId, ...(name ? { name } : {}), ...(length !== undefined ? { length } : {}), ...(scale !== undefined ? { scale } : {}) };
    }
    const restriction = valueRestrictionOf(element);
    // The True..True range on an implicit boolean is NORMA bookkeeping, not a modeller's constraint.
    if (restriction && !isImplicitBoolean) {
      const constraint = readValueConstraint(restriction, id);
      objectType.valueConstraintId = constraint.id;
      valueConstraints.push(constraint);
    }
    objectTypes.push(objectType);
  }
  return { objectTypes, valueConstraints };
}

/** Data type element ids mapped to readable names: `VariableLengthTextDataType` → "VariableLengthText". */
export function parseDataTypeNames(dataTypes: XmlElement | undefined): Map<string, string> {
  const names = new Map<string, string>();
  for (const element of dataTypes?.children ?? []) {
    const id = element.attrs.get('id');
    if (id) names.set(id, element.local.replace(/DataType$/, ''));
  }
  return names;
}
