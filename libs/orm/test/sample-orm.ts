// A small ORM2 document in NORMA's format with one of everything the library reads:
// a reference mode, a unary (with NORMA's implicit boolean), a ternary shown vertically,
// a subtype, a ring, every external constraint kind, a note, two diagrams, and a value
// type whose name needs escaping. Prefixes are unusual on purpose: only URIs count.
const CORE = 'http://schemas.neumont.edu/ORM/2006-04/ORMCore';
const DIAGRAM = 'http://schemas.neumont.edu/ORM/2006-04/ORMDiagram';
const ROOT = 'http://schemas.neumont.edu/ORM/2006-04/ORMRoot';

const seq = (...refs: string[]) => `<o:RoleSequence>${refs.map((ref, i) => `<o:Role id="${ref}_in${i}" ref="${ref}"/>`).join('')}</o:RoleSequence>`;
const seqs = (...groups: string[][]) => `<o:RoleSequences>${groups.map((group) => seq(...group)).join('')}</o:RoleSequences>`;
const role = (id: string, player: string, name = '') => `<o:Role id="${id}" Name="${name}"><o:RolePlayer ref="${player}"/></o:Role>`;
const order = (id: string, text: string, ...refs: string[]) =>
  `<o:ReadingOrder id="${id}"><o:Readings><o:Reading id="${id}_r"><o:Data>${text}</o:Data></o:Reading></o:Readings><o:RoleSequence>${refs.map((ref) => `<o:Role ref="${ref}"/>`).join('')}</o:RoleSequence></o:ReadingOrder>`;
const internal = (...refs: string[]) => `<o:InternalConstraints>${refs.map((ref) => `<o:UniquenessConstraint ref="${ref}"/>`).join('')}</o:InternalConstraints>`;
const shape = (kind: string, id: string, subject: string, bounds: string, inner = '', attrs = '') =>
  `<d:${kind} id="${id}" IsExpanded="true" AbsoluteBounds="${bounds}"${attrs}>${inner}<d:Subject ref="${subject}"/></d:${kind}>`;
const reading = (id: string, subject: string, bounds: string) => `<d:RelativeShapes>${shape('ReadingShape', id, subject, bounds)}</d:RelativeShapes>`;

export const SAMPLE_ORM = `\ufeff<?xml version="1.0" encoding="utf-8"?>
<r:ORM2 xmlns:o="${CORE}" xmlns:d="${DIAGRAM}" xmlns:r="${ROOT}" xmlns:af="http://schemas.example.org/activefacts">
<o:ORMModel id="_M" Name="Sample">
<o:Objects>
<o:EntityType id="_Person" Name="Person" _ReferenceMode="id"><o:PlayedRoles><o:Role ref="r_p_id"/></o:PlayedRoles><o:PreferredIdentifier ref="_uc_pid"/></o:EntityType>
<o:ValueType id="_PersonId" Name="Person_id"><o:PlayedRoles><o:Role ref="r_pid"/></o:PlayedRoles><o:ConceptualDataType id="_cdt1" ref="_dt_counter" Scale="0" Length="0"/></o:ValueType>
<o:ValueType id="_Name" Name="Name &lt;b&gt;&amp; Co"><o:ConceptualDataType id="_cdt2" ref="_dt_text" Scale="0" Length="30"/>
<o:ValueRestriction><o:ValueConstraint id="_vc_name" Name="VC"><o:ValueRanges><o:ValueRange id="_vr1" MinValue="x" MaxValue="x" MinInclusion="NotSet" MaxInclusion="NotSet"/><o:ValueRange id="_vr2" MinValue="a" MaxValue="k" MinInclusion="NotSet" MaxInclusion="Open"/></o:ValueRanges></o:ValueConstraint></o:ValueRestriction></o:ValueType>
<o:ValueType id="_Smokes" Name="Person smokes" IsImplicitBooleanValue="true"><o:ValueRestriction><o:ValueConstraint id="_vc_bool"><o:ValueRanges><o:ValueRange id="_vr3" MinValue="True" MaxValue="True"/></o:ValueRanges></o:ValueConstraint></o:ValueRestriction></o:ValueType>
<o:ValueType id="_Year" Name="Year"><o:ConceptualDataType id="_cdt3" ref="_dt_int" Scale="0" Length="0"/></o:ValueType>
<o:EntityType id="_Employee" Name="Employee" _ReferenceMode="" IsIndependent="true"/>
</o:Objects>
<o:Facts>
<o:Fact id="_F_pid" _Name="PersonHasPersonId"><o:FactRoles>${role('r_p_id', '_Person')}${role('r_pid', '_PersonId')}</o:FactRoles>
<o:ReadingOrders>${order('_ro_pid', '{0} has {1}', 'r_p_id', 'r_pid')}</o:ReadingOrders>${internal('_uc_pid', '_uc_p1')}</o:Fact>
<o:Fact id="_F_name" _Name="PersonHasName"><o:FactRoles>${role('r_p_name', '_Person')}${role('r_name', '_Name')}</o:FactRoles>
<o:ReadingOrders>${order('_ro_name', '{0} has {1}', 'r_p_name', 'r_name')}${order('_ro_name2', '{0} is of {1}', 'r_name', 'r_p_name')}</o:ReadingOrders>${internal('_uc_name')}</o:Fact>
<o:Fact id="_F_smokes" _Name="PersonSmokes"><o:FactRoles>${role('r_p_smokes', '_Person')}${role('r_smokes_bool', '_Smokes')}</o:FactRoles>
<o:ReadingOrders>${order('_ro_smokes', '{0} smokes', 'r_p_smokes')}</o:ReadingOrders>${internal('_uc_smokes')}</o:Fact>
<o:Fact id="_F_born" _Name="PersonWasBornInYearAsName"><o:FactRoles>${role('r_p_born', '_Person')}${role('r_year', '_Year')}${role('r_name2', '_Name', 'birth name')}</o:FactRoles>
<o:ReadingOrders>${order('_ro_born', '{0} was born in {1} as {2}', 'r_p_born', 'r_year', 'r_name2')}</o:ReadingOrders>${internal('_uc_born')}</o:Fact>
<o:SubtypeFact id="_F_sub" _Name="EmployeeIsASubtypeOfPerson" PreferredIdentificationPath="true"><o:FactRoles>
<o:SubtypeMetaRole id="r_sub" Name=""><o:RolePlayer ref="_Employee"/></o:SubtypeMetaRole><o:SupertypeMetaRole id="r_super" Name=""><o:RolePlayer ref="_Person"/></o:SupertypeMetaRole></o:FactRoles>
<o:InternalConstraints><o:MandatoryConstraint ref="_mc_sub"/><o:UniquenessConstraint ref="_uc_sub"/></o:InternalConstraints></o:SubtypeFact>
<o:Fact id="_F_reports" _Name="EmployeeReportsToEmployee"><o:FactRoles>${role('r_e1', '_Employee')}${role('r_e2', '_Employee')}</o:FactRoles>
<o:ReadingOrders>${order('_ro_reports', '{0} reports to {1}', 'r_e1', 'r_e2')}</o:ReadingOrders>${internal('_uc_reports')}</o:Fact>
</o:Facts>
<o:Constraints>
<o:UniquenessConstraint id="_uc_pid" Name="UC1" IsInternal="true">${seq('r_pid')}<o:PreferredIdentifierFor ref="_Person"/></o:UniquenessConstraint>
<o:UniquenessConstraint id="_uc_p1" Name="UC2" IsInternal="true">${seq('r_p_id')}</o:UniquenessConstraint>
<o:MandatoryConstraint id="_mc_pid" Name="MC1" IsSimple="true">${seq('r_p_id')}</o:MandatoryConstraint>
<o:UniquenessConstraint id="_uc_name" Name="UC3" IsInternal="true">${seq('r_p_name')}</o:UniquenessConstraint>
<o:MandatoryConstraint id="_mc_name" Name="MC2" IsSimple="true">${seq('r_p_name')}</o:MandatoryConstraint>
<o:UniquenessConstraint id="_uc_smokes" Name="UC4" IsInternal="true">${seq('r_p_smokes')}</o:UniquenessConstraint>
<o:UniquenessConstraint id="_uc_born" Name="UC5" IsInternal="true">${seq('r_p_born', 'r_name2')}</o:UniquenessConstraint>
<o:UniquenessConstraint id="_uc_reports" Name="UC6" IsInternal="true">${seq('r_e1')}</o:UniquenessConstraint>
<o:MandatoryConstraint id="_mc_sub" Name="MC3" IsSimple="true">${seq('r_sub')}</o:MandatoryConstraint>
<o:UniquenessConstraint id="_uc_sub" Name="UC7" IsInternal="true">${seq('r_sub')}</o:UniquenessConstraint>
<o:MandatoryConstraint id="_imc" Name="Implied" IsImplied="true">${seq('r_pid')}<o:ImpliedByObjectType ref="_PersonId"/></o:MandatoryConstraint>
<o:UniquenessConstraint id="_xuc" Name="XUC">${seq('r_name', 'r_year').replace('</o:RoleSequence>', '<o:JoinRule><o:JoinPath id="_jp"><o:Role ref="r_p_id"/></o:JoinPath></o:JoinRule></o:RoleSequence>')}</o:UniquenessConstraint>
<o:MandatoryConstraint id="_ior" Name="IOR">${seq('r_p_name', 'r_p_smokes')}<o:ExclusiveOrExclusionConstraint ref="_excl"/></o:MandatoryConstraint>
<o:ExclusionConstraint id="_excl" Name="EX">${seqs(['r_p_name'], ['r_p_smokes'])}<o:ExclusiveOrMandatoryConstraint ref="_ior"/></o:ExclusionConstraint>
<o:SubsetConstraint id="_subset" Name="SS">${seqs(['r_p_smokes'], ['r_p_name'])}</o:SubsetConstraint>
<o:EqualityConstraint id="_eq" Name="EQ">${seqs(['r_p_born'], ['r_p_name'])}</o:EqualityConstraint>
<o:FrequencyConstraint id="_freq" Name="FC" MinFrequency="2" MaxFrequency="0">${seq('r_p_born')}</o:FrequencyConstraint>
<o:RingConstraint id="_ring" Name="RC" Type="AcyclicIntransitive">${seq('r_e1', 'r_e2')}</o:RingConstraint>
</o:Constraints>
<o:DataTypes><o:AutoCounterNumericDataType id="_dt_counter"/><o:VariableLengthTextDataType id="_dt_text"/><o:SignedIntegerNumericDataType id="_dt_int"/></o:DataTypes>
<o:ModelNotes><o:ModelNote id="_note"><o:Text>Notes &lt;may&gt;\nspan lines</o:Text><o:ReferencedBy><o:ObjectType ref="_Person"/></o:ReferencedBy></o:ModelNote></o:ModelNotes>
<o:ReferenceModeKinds><o:ReferenceModeKind id="_k1" FormatString="{1}" ReferenceModeType="General"/><o:ReferenceModeKind id="_k2" FormatString="{0}_{1}" ReferenceModeType="Popular"/><o:ReferenceModeKind id="_k3" FormatString="{1}Value" ReferenceModeType="UnitBased"/></o:ReferenceModeKinds>
</o:ORMModel>
<af:model id="_af"><af:conceptType name="ignored"/></af:model>
<d:ORMDiagram id="_D1" IsCompleteView="false" Name="Main" BaseFontName="Tahoma" BaseFontSize="0.0972222238779068"><d:Shapes>
${shape('ObjectTypeShape', 's_person', '_Person', '1, 1, 0.5, 0.359')}
${shape('ObjectTypeShape', 's_name', '_Name', '3, 1, 0.6, 0.2295', `<d:RelativeShapes>${shape('ValueConstraintShape', 's_vc', '_vc_name', '3, 0.8, 0.6, 0.1295')}</d:RelativeShapes>`)}
${shape('ObjectTypeShape', 's_year', '_Year', '3, 2.2, 0.4, 0.2295')}
${shape('ObjectTypeShape', 's_employee', '_Employee', '1, 2.5, 0.6, 0.2295')}
${shape('FactTypeShape', 's_f_name', '_F_name', '2, 1.05, 0.38388888899236917, 0.24388888899236916', reading('s_rd_name', '_ro_name', '2, 1.31, 0.4, 0.1295'))}
${shape('FactTypeShape', 's_f_smokes', '_F_smokes', '1.1, 0.4, 0.2238888889923692, 0.17388888899236918', reading('s_rd_smokes', '_ro_smokes', '1.1, 0.6, 0.3, 0.1295'))}
${shape('FactTypeShape', 's_f_born', '_F_born', '2, 1.7, 0.24388888899236916, 0.54388888899236917', reading('s_rd_born', '_ro_born', '2.3, 1.9, 1.2, 0.1295'), ' DisplayOrientation="VerticalRotatedRight" ConstraintDisplayPosition="Bottom"')}
${shape('FactTypeShape', 's_f_reports', '_F_reports', '1, 3.2, 0.38388888899236917, 0.24388888899236916', reading('s_rd_reports', '_ro_reports', '1, 3.46, 0.5, 0.1295'))}
${shape('ExternalConstraintShape', 's_xuc', '_xuc', '3.5, 1.6, 0.16, 0.16')}
${shape('ExternalConstraintShape', 's_ior', '_ior', '1.7, 0.6, 0.16, 0.16')}
${shape('ExternalConstraintShape', 's_subset', '_subset', '1.7, 0.2, 0.16, 0.16')}
${shape('ExternalConstraintShape', 's_eq', '_eq', '1.5, 1.6, 0.16, 0.16')}
${shape('FrequencyConstraintShape', 's_freq', '_freq', '1.6, 2, 0.2, 0.16')}
${shape('RingConstraintShape', 's_ring', '_ring', '1.6, 3.5, 0.213333333, 0.213333333')}
${shape('ModelNoteShape', 's_note', '_note', '0.2, 0.2, 0.6, 0.25')}
</d:Shapes><d:Subject ref="_M"/></d:ORMDiagram>
<d:ORMDiagram id="_D2" IsCompleteView="false" Name="Second"><d:Shapes>${shape('ObjectTypeShape', 's2_person', '_Person', '0.5, 0.5, 0.5, 0.359')}</d:Shapes><d:Subject ref="_M"/></d:ORMDiagram>
</r:ORM2>`.replace(/\n/g, '\r\n');

/** The sample without its diagrams, for the computed layout. */
export const SAMPLE_WITHOUT_DIAGRAMS = SAMPLE_ORM.replace(/<d:ORMDiagram [\s\S]*<\/d:ORMDiagram>/, '');

/** What parseOrm must find in SAMPLE_ORM. */
export const SAMPLE_COUNTS = { objectTypes: 5, entityTypes: 2, valueTypes: 3, factTypes: 5, constraints: 16 };
