import { describe, expect, it } from 'vitest';
import { SAMPLE_COUNTS, SAMPLE_ORM } from '../test/sample-orm.js';
import { OrmParseError } from './errors.js';
import { parseOrm } from './parse-orm.js';
import { summarize } from './summary.js';

const model = parseOrm(SAMPLE_ORM);
const objectType = (name: string) => model.objectTypes.find((each) => each.name === name);
const factType = (id: string) => model.factTypes.find((each) => each.id === id);
const constraint = (id: string) => model.constraints.find((each) => each.id === id);

describe('parseOrm', () => {
  it('when a NORMA file with BOM, CRLF and unusual prefixes is read then the counts match the model', () => {
    expect(summarize(model)).toEqual(SAMPLE_COUNTS);
    expect(model.name).toBe('Sample');
  });

  it('when NORMA artefacts are present then they are counted, not kept', () => {
    expect(model.skipped).toEqual({ impliedConstraints: 1, subtypeFactConstraints: 2, linkFactTypes: 0, linkFactConstraints: 0 });
    expect(constraint('_imc')).toBeUndefined();
    expect(constraint('_mc_sub')).toBeUndefined();
    expect(constraint('_vc_bool')).toBeUndefined();
  });

  it('when an entity type has a reference mode then its kind, fact type and value type are found', () => {
    expect(objectType('Person')).toMatchObject({
      kind: 'entity',
      referenceMode: 'id',
      referenceModeKind: 'popular',
      referenceModeFactTypeId: '_F_pid',
      referenceModeValueTypeId: '_PersonId',
      preferredIdentifierId: '_uc_pid',
    });
    expect(objectType('Employee')).toMatchObject({ isIndependent: true });
    expect(objectType('Employee')?.referenceMode).toBeUndefined();
  });

  it('when a value type has a data type and a value constraint then both are read', () => {
    expect(objectType('Name <b>& Co')).toMatchObject({ kind: 'value', dataType: { name: 'VariableLengthText', length: 30 }, valueConstraintId: '_vc_name' });
    expect(constraint('_vc_name')).toMatchObject({
      kind: 'value',
      constrainedId: '_Name',
      valueRanges: [{ min: 'x', max: 'x' }, { min: 'a', max: 'k', maxInclusion: 'open' }],
    });
  });

  it('when a fact type is a unary then the implicit boolean role is dropped', () => {
    const smokes = factType('_F_smokes');
    expect(smokes?.isUnary).toBe(true);
    expect(smokes?.roles.map((role) => role.id)).toEqual(['r_p_smokes']);
    expect(objectType('Person smokes')?.isImplicitBoolean).toBe(true);
  });

  it('when roles are covered by simple constraints then their flags say so', () => {
    const [personRole, nameRole] = factType('_F_name')?.roles ?? [];
    expect(personRole).toMatchObject({ playerId: '_Person', isMandatory: true, isUnique: true, constraintIds: ['_uc_name', '_mc_name'] });
    expect(nameRole).toMatchObject({ playerId: '_Name', isMandatory: false, isUnique: false });
    expect(factType('_F_born')?.roles[2]?.name).toBe('birth name');
  });

  it('when readings are read then each order keeps its role sequence and placeholder text', () => {
    expect(factType('_F_name')?.readingOrders).toEqual([
      { id: '_ro_name', roleIds: ['r_p_name', 'r_name'], readings: ['{0} has {1}'] },
      { id: '_ro_name2', roleIds: ['r_name', 'r_p_name'], readings: ['{0} is of {1}'] },
    ]);
  });

  it('when constraints are read then each has its kind, roles and details', () => {
    expect(constraint('_uc_pid')).toMatchObject({ kind: 'uniqueness', isInternal: true, preferredIdentifierFor: '_Person', roleSequences: [['r_pid']] });
    expect(constraint('_xuc')).toMatchObject({ kind: 'uniqueness', isInternal: false, roleSequences: [['r_name', 'r_year']] });
    expect(constraint('_ior')).toMatchObject({ kind: 'mandatory', isInternal: false, exclusiveOrWith: '_excl' });
    expect(constraint('_excl')).toMatchObject({ kind: 'exclusion', roleSequences: [['r_p_name'], ['r_p_smokes']], exclusiveOrWith: '_ior' });
    expect(constraint('_subset')).toMatchObject({ kind: 'subset', roleSequences: [['r_p_smokes'], ['r_p_name']] });
    expect(constraint('_eq')?.kind).toBe('equality');
    expect(constraint('_freq')).toMatchObject({ kind: 'frequency', minFrequency: 2, isInternal: true });
    expect(constraint('_freq')?.maxFrequency).toBeUndefined();
    expect(constraint('_ring')).toMatchObject({ kind: 'ring', ringType: 'AcyclicIntransitive', isInternal: true });
  });

  it('when a subtype fact is read then it links subtype to supertype', () => {
    expect(model.subtypeFacts).toEqual([
      { id: '_F_sub', subtypeId: '_Employee', supertypeId: '_Person', subtypeRoleId: 'r_sub', supertypeRoleId: 'r_super', providesIdentification: true },
    ]);
  });

  it('when the file has diagrams then all are read with their shapes, bounds and settings', () => {
    expect(model.diagrams.map((diagram) => [diagram.name, diagram.shapes.length])).toEqual([
      ['Main', 15],
      ['Second', 1],
    ]);
    const born = model.diagrams[0]?.shapes.find((shape) => shape.id === 's_f_born');
    expect(born).toMatchObject({ kind: 'factType', orientation: 'verticalRotatedRight', constraintPosition: 'bottom', subjectId: '_F_born' });
    expect(born?.relative[0]).toMatchObject({ kind: 'reading', subjectId: '_ro_born', bounds: { x: 2.3, y: 1.9, width: 1.2, height: 0.1295 } });
  });

  it('when a model note is read then its text keeps its lines and references', () => {
    expect(model.notes).toEqual([{ id: '_note', text: 'Notes <may>\nspan lines', referencedIds: ['_Person'] }]);
  });

  it('when the root is a bare ORMModel then it is accepted without diagrams', () => {
    const bare = parseOrm('<ORMModel xmlns="http://schemas.neumont.edu/ORM/2006-04/ORMCore" id="m" Name="Bare"/>');
    expect(bare).toMatchObject({ name: 'Bare', objectTypes: [], diagrams: [] });
  });

  it('when the prefixes are right but the namespaces are not then the file is refused', () => {
    const wrong = '<ormRoot:ORM2 xmlns:ormRoot="http://example.org/ORMRoot"><orm:ORMModel xmlns:orm="http://example.org/ORMCore"/></ormRoot:ORM2>';
    expect(() => parseOrm(wrong)).toThrow(/not an ORM2 document: the root element is \{http:\/\/example\.org\/ORMRoot\}ORM2/);
  });

  it('when ORM2 holds no ORMModel then the error says so with a position', () => {
    const empty = '<r:ORM2 xmlns:r="http://schemas.neumont.edu/ORM/2006-04/ORMRoot"/>';
    expect(() => parseOrm(empty)).toThrow(OrmParseError);
    expect(() => parseOrm(empty)).toThrow(/line 1, column \d+: the ORM2 root element holds no ORMModel/);
  });
});
