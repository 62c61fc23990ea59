import { describe, expect, it } from 'vitest';
import { extractTerms } from './extract-terms.js';
import type { OntologyTerm } from './term.js';

const CORE = 'http://schemas.neumont.edu/ORM/2006-04/ORMCore';
const ROOT = 'http://schemas.neumont.edu/ORM/2006-04/ORMRoot';
const role = (id: string, player: string) => `<orm:Role id="${id}" Name=""><orm:RolePlayer ref="${player}"/></orm:Role>`;
const order = (text: string, ...roles: string[]) =>
  `<orm:ReadingOrder id="_ro_${roles.join('_')}"><orm:Readings><orm:Reading id="_r_${roles.join('_')}"><orm:Data>${text}</orm:Data></orm:Reading></orm:Readings><orm:RoleSequence>${roles.map((ref) => `<orm:Role ref="${ref}"/>`).join('')}</orm:RoleSequence></orm:ReadingOrder>`;
const subtype = (id: string, sub: string, sup: string) =>
  `<orm:SubtypeFact id="${id}" _Name="${sub}IsASubtypeOf${sup}"><orm:FactRoles><orm:SubtypeMetaRole id="${id}_sub" Name=""><orm:RolePlayer ref="${sub}"/></orm:SubtypeMetaRole><orm:SupertypeMetaRole id="${id}_sup" Name=""><orm:RolePlayer ref="${sup}"/></orm:SupertypeMetaRole></orm:FactRoles></orm:SubtypeFact>`;

// NORMA writes a byte order mark and CRLF line ends.
const ORM = `\ufeff<?xml version="1.0" encoding="utf-8"?>
<ormRoot:ORM2 xmlns:orm="${CORE}" xmlns:ormRoot="${ROOT}">
<orm:ORMModel id="_M" Name="People">
<orm:Objects>
<orm:EntityType id="_3F2A-Person" Name="Person" _ReferenceMode="id">
  <orm:Definitions><orm:Definition><orm:Text>A human being.</orm:Text></orm:Definition></orm:Definitions>
  <orm:Notes><orm:Note id="_n1"><orm:Text>Not the definition.</orm:Text></orm:Note></orm:Notes>
</orm:EntityType>
<orm:ValueType id="_PersonId" Name="Person_id"><orm:ConceptualDataType id="_cdt1" ref="_dt_counter" Scale="0" Length="0"/></orm:ValueType>
<orm:ValueType id="_Name" Name="Name"><orm:Notes><orm:Note id="_n2"><orm:Text>
  A name as written.
</orm:Text></orm:Note></orm:Notes></orm:ValueType>
<orm:ValueType id="_Smokes" Name="Person smokes" IsImplicitBooleanValue="true"/>
<orm:EntityType id="_Employee" Name="Employee" _ReferenceMode=""/>
<orm:EntityType id="_Worker" Name="Worker" _ReferenceMode=""/>
</orm:Objects>
<orm:Facts>
<orm:Fact id="_F_pid" _Name="PersonHasPersonId"><orm:FactRoles>${role('r1', '_3F2A-Person')}${role('r2', '_PersonId')}</orm:FactRoles>
<orm:ReadingOrders>${order('{0} has {1}', 'r1', 'r2')}</orm:ReadingOrders></orm:Fact>
<orm:Fact id="_F_name" _Name="PersonHasName"><orm:FactRoles>${role('r3', '_3F2A-Person')}${role('r4', '_Name')}</orm:FactRoles>
<orm:ReadingOrders>${order('{1} is the name of {0}', 'r3', 'r4')}${order('{0} is called {1}', 'r4', 'r3')}</orm:ReadingOrders>
<orm:Definitions><orm:Definition><orm:Text>Every person has one name.</orm:Text></orm:Definition></orm:Definitions></orm:Fact>
<orm:Fact id="_F_smokes" _Name="PersonSmokes"><orm:FactRoles>${role('r5', '_3F2A-Person')}${role('r6', '_Smokes')}</orm:FactRoles>
<orm:ReadingOrders>${order('{0} smokes', 'r5')}</orm:ReadingOrders></orm:Fact>
<orm:Fact id="_F_unread" _Name="NoReadingFact"><orm:FactRoles>${role('r7', '_Worker')}</orm:FactRoles></orm:Fact>
${subtype('_S1', '_Employee', '_3F2A-Person')}
${subtype('_S2', '_Employee', '_Worker')}
</orm:Facts>
<orm:DataTypes><orm:AutoCounterNumericDataType id="_dt_counter"/></orm:DataTypes>
<orm:ModelNotes><orm:ModelNote id="_mn"><orm:Text>Someone on the payroll.</orm:Text><orm:ReferencedBy><orm:ObjectType ref="_Employee"/><orm:ObjectType ref="_3F2A-Person"/></orm:ReferencedBy></orm:ModelNote></orm:ModelNotes>
</orm:ORMModel>
</ormRoot:ORM2>`.replace(/\n/g, '\r\n');

const term = (id: string, kind: OntologyTerm['kind'], fields: Partial<OntologyTerm>): OntologyTerm => ({
  iri: `urn:orm:${id}`,
  curie: null,
  kind,
  label: null,
  synonyms: [],
  definition: null,
  deprecated: false,
  replaced_by: [],
  parents: [],
  annotations: [],
  ...fields,
});
const reading = (value: string) => ({ property: 'urn:orm:reading', value, datatype: 'http://www.w3.org/2001/XMLSchema#string' });

describe('terms of ORM', () => {
  it('when an ORM2 model is read then entity types, value types and fact types are terms with urn:orm ids as written', async () => {
    const result = await extractTerms('orm', ORM);
    expect(result).toMatchObject({ ok: true });
    expect(result.ok && result.terms).toEqual([
      term('_3F2A-Person', 'entity_type', { label: 'Person', definition: 'A human being.', annotations: [{ property: 'urn:orm:referenceMode', value: 'id', datatype: 'http://www.w3.org/2001/XMLSchema#string' }] }),
      term('_Employee', 'entity_type', { label: 'Employee', definition: 'Someone on the payroll.', parents: ['urn:orm:_3F2A-Person', 'urn:orm:_Worker'] }),
      term('_F_name', 'fact_type', { label: 'Name is the name of Person', definition: 'Every person has one name.', annotations: [reading('Name is called Person')] }),
      term('_F_pid', 'fact_type', { label: 'Person has Person_id' }),
      term('_F_smokes', 'fact_type', { label: 'Person smokes' }),
      term('_F_unread', 'fact_type', { label: 'NoReadingFact' }),
      term('_Name', 'value_type', { label: 'Name', definition: 'A name as written.' }),
      term('_PersonId', 'value_type', { label: 'Person_id', annotations: [{ property: 'urn:orm:dataType', value: 'AutoCounterNumeric', datatype: 'http://www.w3.org/2001/XMLSchema#string' }] }),
      term('_Worker', 'entity_type', { label: 'Worker' }),
    ]);
  });

  it('when the model is empty then there are no terms', async () => {
    const empty = `<?xml version="1.0"?><ormRoot:ORM2 xmlns:orm="${CORE}" xmlns:ormRoot="${ROOT}"><orm:ORMModel id="_M" Name="Empty"/></ormRoot:ORM2>`;
    expect(await extractTerms('orm', empty)).toEqual({ ok: true, terms: [] });
  });
});
