// Which kind of reference mode an entity type has decides how NORMA decorates it:
// popular ".id", unit-based "cm:", general "ISBN". The file does not say so directly; the
// kind follows from the custom reference modes, or else from which kind's format string
// produced the name of the value type that carries the reference mode.
import type { OrmConstraint, OrmFactType, OrmObjectType, ReferenceModeKind } from './model.js';
import { ORM_CORE } from './namespaces.js';
import { childNamed, type XmlElement } from './xml-tree.js';

const TYPES: Record<string, ReferenceModeKind> = { Popular: 'popular', UnitBased: 'unitBased', General: 'general' };
/** NORMA's defaults, used when a file leaves out its ReferenceModeKinds. */
const DEFAULT_FORMATS: [ReferenceModeKind, string][] = [
  ['popular', '{0}_{1}'],
  ['unitBased', '{1}Value'],
  ['general', '{1}'],
];

export type ReferenceModeTable = { formats: [ReferenceModeKind, string][]; custom: Map<string, ReferenceModeKind> };

export function parseReferenceModeTable(model: XmlElement): ReferenceModeTable {
  const kinds = new Map<string, [ReferenceModeKind, string]>();
  for (const kind of childNamed(model, ORM_CORE, 'ReferenceModeKinds')?.children ?? []) {
    const type = TYPES[kind.attrs.get('ReferenceModeType') ?? ''];
    const id = kind.attrs.get('id');
    if (type && id) kinds.set(id, [type, kind.attrs.get('FormatString') ?? '']);
  }
  const custom = new Map<string, ReferenceModeKind>();
  for (const mode of childNamed(model, ORM_CORE, 'CustomReferenceModes')?.children ?? []) {
    const kind = kinds.get(childNamed(mode, ORM_CORE, 'Kind')?.attrs.get('ref') ?? '');
    const name = mode.attrs.get('Name');
    if (kind && name) custom.set(name, kind[0]);
  }
  return { formats: kinds.size > 0 ? [...kinds.values()] : DEFAULT_FORMATS, custom };
}

function format(template: string, entity: string, mode: string): string {
  return template.replaceAll('{0}', entity).replaceAll('{1}', mode);
}

/** The decorated reference mode shown under an entity type's name, without the parentheses. */
export function decorateReferenceMode(mode: string, kind: ReferenceModeKind | undefined): string {
  if (kind === 'unitBased') return `${mode}:`;
  if (kind === 'general') return mode;
  return `.${mode}`;
}

/** Fills in each entity type's reference-mode kind, fact type and value type. */
export function resolveReferenceModes(
  objectTypes: OrmObjectType[],
  factTypes: OrmFactType[],
  constraints: OrmConstraint[],
  table: ReferenceModeTable,
): void {
  const byId = new Map(objectTypes.map((objectType) => [objectType.id, objectType]));
  const constraintById = new Map(constraints.map((constraint) => [constraint.id, constraint]));
  const factOfRole = new Map(factTypes.flatMap((factType) => factType.roles.map((role) => [role.id, factType] as const)));
  for (const entity of objectTypes) {
    const mode = entity.referenceMode;
    if (entity.kind !== 'entity' || !mode || !entity.preferredIdentifierId) continue;
    const roles = constraintById.get(entity.preferredIdentifierId)?.roleSequences[0] ?? [];
    const factType = roles.length === 1 ? factOfRole.get(roles[0] ?? '') : undefined;
    const valueRole = factType?.roles.find((role) => role.id === roles[0]);
    const valueType = valueRole?.playerId ? byId.get(valueRole.playerId) : undefined;
    if (factType && valueType?.kind === 'value' && factType.roles.length === 2) {
      entity.referenceModeFactTypeId = factType.id;
      entity.referenceModeValueTypeId = valueType.id;
    }
    const matched = table.formats.find(([, template]) => valueType && format(template, entity.name, mode) === valueType.name);
    entity.referenceModeKind = table.custom.get(mode) ?? matched?.[0] ?? 'popular';
  }
}
