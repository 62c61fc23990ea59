import { describe, expect, it } from 'vitest';
import { parseOrm } from './parse-orm.js';
import { decorateReferenceMode } from './reference-modes.js';

const CORE = 'http://schemas.neumont.edu/ORM/2006-04/ORMCore';

/** A model with one entity whose reference-mode value type has the given name. */
function entityWith(mode: string, valueTypeName: string, extra = ''): ReturnType<typeof parseOrm>['objectTypes'][number] | undefined {
  const xml = `<ORMModel xmlns="${CORE}" id="m" Name="m">
<Objects><EntityType id="e" Name="Part" _ReferenceMode="${mode}"><PreferredIdentifier ref="uc"/></EntityType><ValueType id="v" Name="${valueTypeName}"/></Objects>
<Facts><Fact id="f"><FactRoles><Role id="r1"><RolePlayer ref="e"/></Role><Role id="r2"><RolePlayer ref="v"/></Role></FactRoles></Fact></Facts>
<Constraints><UniquenessConstraint id="uc" IsInternal="true"><RoleSequence><Role id="x" ref="r2"/></RoleSequence><PreferredIdentifierFor ref="e"/></UniquenessConstraint></Constraints>
${extra}</ORMModel>`;
  return parseOrm(xml).objectTypes.find((objectType) => objectType.id === 'e');
}

describe('reference modes', () => {
  it('when the value type is named by the popular format then the mode is popular', () => {
    expect(entityWith('nr', 'Part_nr')?.referenceModeKind).toBe('popular');
    expect(decorateReferenceMode('nr', 'popular')).toBe('.nr');
  });

  it('when the value type is named by the unit-based format then the mode is unit-based', () => {
    expect(entityWith('kg', 'kgValue')?.referenceModeKind).toBe('unitBased');
    expect(decorateReferenceMode('kg', 'unitBased')).toBe('kg:');
  });

  it('when the file lists a custom reference mode then its kind wins', () => {
    const custom = `<ReferenceModeKinds><ReferenceModeKind id="k" FormatString="{1}" ReferenceModeType="General"/></ReferenceModeKinds>
<CustomReferenceModes><CustomReferenceMode id="c" Name="ISBN"><Kind ref="k"/></CustomReferenceMode></CustomReferenceModes>`;
    expect(entityWith('ISBN', 'Part_ISBN', custom)?.referenceModeKind).toBe('general');
    expect(decorateReferenceMode('ISBN', 'general')).toBe('ISBN');
  });

  it('when the reference mode is resolved then its fact type and value type are recorded', () => {
    expect(entityWith('nr', 'Part_nr')).toMatchObject({ referenceModeFactTypeId: 'f', referenceModeValueTypeId: 'v' });
  });
});
