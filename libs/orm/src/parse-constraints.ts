// Constraints from <orm:Constraints>. A constraint's roles are the direct <Role ref>
// children of its role sequence(s); the <Role> elements nested in a JoinRule describe the
// join path and are not constrained roles.
import type { ConstraintKind, OrmConstraint } from './model.js';
import { ORM_CORE } from './namespaces.js';
import { childNamed, childrenNamed, type XmlElement } from './xml-tree.js';

const KINDS: Record<string, ConstraintKind> = {
  UniquenessConstraint: 'uniqueness',
  MandatoryConstraint: 'mandatory',
  ExclusionConstraint: 'exclusion',
  EqualityConstraint: 'equality',
  SubsetConstraint: 'subset',
  FrequencyConstraint: 'frequency',
  RingConstraint: 'ring',
  ValueComparisonConstraint: 'valueComparison',
};

export type ParsedConstraints = { constraints: OrmConstraint[]; implied: number; skippedIds: string[] };

function roleRefs(sequence: XmlElement | undefined): string[] {
  return childrenNamed(sequence, ORM_CORE, 'Role')
    .map((role) => role.attrs.get('ref'))
    .filter((ref): ref is string => ref !== undefined);
}

function roleSequencesOf(element: XmlElement): string[][] {
  const several = childNamed(element, ORM_CORE, 'RoleSequences');
  if (several) return childrenNamed(several, ORM_CORE, 'RoleSequence').map(roleRefs);
  const single = childNamed(element, ORM_CORE, 'RoleSequence');
  return single ? [roleRefs(single)] : [];
}

function frequency(value: string | undefined): number | undefined {
  const number = Number(value);
  // NORMA writes MaxFrequency="0" for "no upper bound".
  return value !== undefined && Number.isInteger(number) && number > 0 ? number : undefined;
}

function readConstraint(element: XmlElement, kind: ConstraintKind, id: string): OrmConstraint {
  const constraint: OrmConstraint = {
    id,
    name: element.attrs.get('Name') ?? '',
    kind,
    isInternal: element.attrs.get('IsInternal') === 'true' || element.attrs.get('IsSimple') === 'true',
    modality: element.attrs.get('Modality') === 'Deontic' ? 'deontic' : 'alethic',
    roleSequences: roleSequencesOf(element),
  };
  const preferred = childNamed(element, ORM_CORE, 'PreferredIdentifierFor')?.attrs.get('ref');
  if (preferred) constraint.preferredIdentifierFor = preferred;
  const partner = childNamed(element, ORM_CORE, kind === 'mandatory' ? 'ExclusiveOrExclusionConstraint' : 'ExclusiveOrMandatoryConstraint');
  const partnerId = partner?.attrs.get('ref');
  if (partnerId) constraint.exclusiveOrWith = partnerId;
  if (kind === 'frequency') {
    const min = frequency(element.attrs.get('MinFrequency'));
    const max = frequency(element.attrs.get('MaxFrequency'));
    if (min !== undefined) constraint.minFrequency = min;
    if (max !== undefined) constraint.maxFrequency = max;
  }
  const ringType = element.attrs.get('Type');
  if (kind === 'ring' && ringType) constraint.ringType = ringType;
  const operator = element.attrs.get('Operator');
  if (kind === 'valueComparison' && operator) constraint.operator = operator;
  return constraint;
}

/**
 * Every constraint a modeller drew. `IsImplied` constraints (NORMA derives them, for
 * example the mandatory role of a reference-mode value type) are counted, not kept, and so
 * are the constraints listed in `artefactIds` (inside subtype facts and link fact types).
 */
export function parseConstraints(constraints: XmlElement | undefined, artefactIds: Set<string>): ParsedConstraints {
  const parsed: ParsedConstraints = { constraints: [], implied: 0, skippedIds: [] };
  for (const element of constraints?.children ?? []) {
    const kind = element.uri === ORM_CORE ? KINDS[element.local] : undefined;
    const id = element.attrs.get('id');
    if (!kind || !id) continue;
    if (element.attrs.get('IsImplied') === 'true') {
      parsed.implied += 1;
      parsed.skippedIds.push(id);
    } else if (artefactIds.has(id)) {
      parsed.skippedIds.push(id);
    } else {
      parsed.constraints.push(readConstraint(element, kind, id));
    }
  }
  return parsed;
}
