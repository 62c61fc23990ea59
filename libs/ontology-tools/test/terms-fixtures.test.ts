// Terms of every shared fixture; the terms asserted were checked by reading the files.
import { describe, expect, it } from 'vitest';
import type { SourceFormat } from '@oms/formats';
import { extractTerms, type OntologyTerm } from '../src/index.js';
import { readFixture } from './fixtures.js';

async function termsOf(path: string, format: SourceFormat): Promise<OntologyTerm[]> {
  const result = await extractTerms(format, readFixture(path));
  if (!result.ok) throw new Error(result.message);
  expect(result.skipped).toBeUndefined();
  return result.terms;
}

const find = (terms: OntologyTerm[], iri: string) => terms.find((term) => term.iri === iri);
const kinds = (terms: OntologyTerm[]) => {
  const counts: Record<string, number> = {};
  for (const term of terms) counts[term.kind] = (counts[term.kind] ?? 0) + 1;
  return counts;
};
const PIZZA = 'http://www.co-ode.org/ontologies/pizza/pizza.owl#';
const WINE = 'http://www.w3.org/TR/2003/CR-owl-guide-20030818/';
const PROV = 'http://www.w3.org/ns/prov#';
const FOAF = 'http://xmlns.com/foaf/0.1/';
const SCHEMA = 'https://schema.org/';
const BIOLINK = 'https://w3id.org/biolink/vocab/';

describe('terms of the OWL and RDF/XML fixtures', () => {
  it('when pizza.owl is read then its classes carry SKOS labels and named parents', async () => {
    const terms = await termsOf('owl/pizza.owl', 'owl');
    expect(kinds(terms)).toEqual({ class: 99, object_property: 8, annotation_property: 8, individual: 5 });
    expect(find(terms, `${PIZZA}Margherita`)).toMatchObject({ curie: 'pizza:Margherita', kind: 'class', label: 'Margherita', synonyms: ['Margherita Pizza'], parents: [`${PIZZA}NamedPizza`] });
    expect(find(terms, `${PIZZA}America`)).toMatchObject({ kind: 'individual', parents: [`${PIZZA}Country`] });
    expect(find(terms, `${PIZZA}hasTopping`)).toMatchObject({ kind: 'object_property', parents: [`${PIZZA}hasIngredient`] });
  });

  it('when wine.owl is read then a French label is a synonym and the imported parent is listed undeclared', async () => {
    const terms = await termsOf('owl/wine.owl', 'owl');
    expect(terms).toHaveLength(248);
    expect(find(terms, `${WINE}wine#Wine`)).toMatchObject({ curie: 'vin:Wine', label: 'wine', synonyms: ['vin'], parents: [`${WINE}food#PotableLiquid`] });
    expect(find(terms, `${WINE}food#PotableLiquid`)).toBeUndefined();
    expect(find(terms, `${WINE}wine#ChateauMargaux`)).toMatchObject({ kind: 'individual', parents: [`${WINE}wine#Margaux`] });
  });

  it('when schemaorg.owl is read then classes and properties have their comments as definitions', async () => {
    const terms = await termsOf('owl/schemaorg-30.0.owl', 'owl');
    expect(kinds(terms)).toEqual({ class: 937, object_property: 1343, datatype_property: 186, individual: 2 });
    expect(find(terms, 'https://schema.org/Person')).toMatchObject({ kind: 'class', label: 'Person', definition: 'A person (alive, dead, undead, or fictional).', parents: ['https://schema.org/Thing'] });
  });

  it('when dcterms.rdf is read then properties, classes and vocabulary encoding schemes are terms', async () => {
    const terms = await termsOf('rdf/dcterms.rdf', 'rdf');
    expect(kinds(terms)).toEqual({ class: 22, property: 55, individual: 9 });
    expect(find(terms, 'http://purl.org/dc/terms/title')).toMatchObject({ curie: 'dcterms:title', kind: 'property', label: 'Title', parents: ['http://purl.org/dc/elements/1.1/title'] });
    expect(find(terms, 'http://purl.org/dc/terms/DCMIType')).toMatchObject({ kind: 'individual', parents: ['http://purl.org/dc/dcam/VocabularyEncodingScheme'] });
  });

  it('when the SPARQL service description is read then its instances are individuals of their classes', async () => {
    const terms = await termsOf('rdf/sparql-service-description.rdf', 'rdf');
    expect(terms).toHaveLength(41);
    expect(find(terms, 'http://www.w3.org/ns/sparql-service-description#SPARQL11Query')).toMatchObject({
      curie: 'sd:SPARQL11Query',
      kind: 'individual',
      label: 'SPARQL 1.1 Query',
      parents: ['http://www.w3.org/ns/sparql-service-description#Language'],
    });
  });
});

describe('terms of the Turtle fixtures', () => {
  it('when dcat3.ttl is read then English labels and definitions win over the languages written before them', async () => {
    const terms = await termsOf('turtle/dcat3.ttl', 'turtle');
    expect(kinds(terms)).toEqual({ class: 9, object_property: 30, datatype_property: 9 });
    const resource = find(terms, 'http://www.w3.org/ns/dcat#Resource');
    expect(resource).toMatchObject({ curie: 'dcat:Resource', label: 'Catalogued resource', definition: 'Resource published or curated by a single agent.' });
    expect(resource?.synonyms).toContain('Recurso catalogado');
  });

  it('when the QUDT units are read then units are individuals of qudt:Unit and replacements are found', async () => {
    const terms = await termsOf('turtle/VOCAB_QUDT-UNITS-ALL.ttl', 'turtle');
    expect(kinds(terms)).toEqual({ individual: 2931 });
    expect(find(terms, 'http://qudt.org/vocab/unit/A_Ab')).toMatchObject({ curie: 'unit:A_Ab', label: 'Abampere', synonyms: ['biot'], parents: ['http://qudt.org/schema/qudt/Unit'] });
    // qudt:deprecated is QUDT's own flag, not owl:deprecated.
    expect(find(terms, 'http://qudt.org/vocab/unit/2PiRAD')).toMatchObject({ deprecated: false, replaced_by: ['http://qudt.org/vocab/unit/REV'] });
  });

  it('when schema.org in Turtle is read then enumeration members are individuals of their enumeration', async () => {
    const terms = await termsOf('turtle/schemaorg-current-https.ttl', 'turtle');
    expect(kinds(terms)).toEqual({ class: 1010, property: 1676, individual: 533 });
    expect(find(terms, `${SCHEMA}Monday`)).toMatchObject({ curie: 'schema:Monday', kind: 'individual', label: 'Monday', parents: [`${SCHEMA}DayOfWeek`] });
    expect(find(terms, `${SCHEMA}name`)).toMatchObject({ kind: 'property', parents: ['http://www.w3.org/2000/01/rdf-schema#label'] });
  });

  it.each([
    ['owl/prov-o.owl', 'owl', 'turtle/prov-o.ttl', 101, `${PROV}wasGeneratedBy`, { curie: ':wasGeneratedBy', kind: 'object_property', parents: [`${PROV}wasInfluencedBy`] }],
    ['rdf/foaf.rdf', 'rdf', 'turtle/foaf.ttl', 83, `${FOAF}Person`, { curie: 'foaf:Person', kind: 'class', definition: 'A person.' }],
  ] as const)('when %s and its Turtle twin are read then the terms agree up to document order', async (xml, format, turtle, count, known, expected) => {
    const [fromXml, fromTurtle] = [await termsOf(xml, format), await termsOf(turtle, 'turtle')];
    expect(fromXml).toHaveLength(count);
    expect(find(fromTurtle, known)).toMatchObject(expected);
    const sorted = (values: unknown[]) => values.map((value) => JSON.stringify(value)).sort();
    // With several English comments, the first written is the definition and the others are annotations.
    const texts = (term: OntologyTerm | undefined) => sorted([term?.definition, ...(term?.annotations ?? []).map((annotation) => annotation.value)]);
    const comparable = (term: OntologyTerm | undefined) => ({ ...term, synonyms: sorted(term?.synonyms ?? []), parents: sorted(term?.parents ?? []), annotations: [], definition: texts(term) });
    fromXml.forEach((term, index) => expect(comparable(fromTurtle[index])).toEqual(comparable(term)));
  });
});

describe('terms of the JSON and YAML fixtures', () => {
  it('when JSON-LD holds only a context then it has no terms', async () => {
    expect(await termsOf('json/schemaorgcontext.jsonld', 'json')).toEqual([]);
    expect(await termsOf('json/linkml-meta.context.jsonld', 'json')).toEqual([]);
  });

  it('when csvw.jsonld is read then its vocabulary graph gives the terms, with CURIEs from its context', async () => {
    const terms = await termsOf('json/csvw.jsonld', 'json');
    expect(kinds(terms)).toEqual({ class: 13, property: 62, individual: 6 });
    expect(find(terms, 'http://www.w3.org/ns/csvw#Table')).toMatchObject({ curie: 'csvw:Table', kind: 'class', label: 'Annotated Table' });
  });

  it('when the biolink model is read as YAML and as its generated JSON-LD then both name the same elements alike', async () => {
    const yaml = await termsOf('yaml/biolink-model.yaml', 'yaml');
    const json = await termsOf('json/biolink_model.jsonld', 'json');
    expect(kinds(yaml)).toEqual({ class: 334, slot: 552, enum: 32, type: 12 });
    expect(kinds(json)).toEqual({ class: 334, slot: 581, enum: 32, type: 31 });
    const jsonIris = new Set(json.map((term) => term.iri));
    expect(yaml.filter((term) => !jsonIris.has(term.iri))).toEqual([]);
    expect(find(yaml, `${BIOLINK}NamedThing`)).toMatchObject({ curie: 'biolink:NamedThing', kind: 'class', label: 'named thing', definition: 'a databased entity or concept/class', parents: [`${BIOLINK}Entity`] });
    expect(find(json, `${BIOLINK}NamedThing`)).toMatchObject({ label: 'NamedThing', parents: [`${BIOLINK}Entity`] });
  });

  it('when the LinkML types and mappings are read then types hang from linkml: and slots keep their slot_uri', async () => {
    const types = await termsOf('yaml/linkml-types.yaml', 'yaml');
    expect(kinds(types)).toEqual({ type: 19 });
    expect(find(types, 'https://w3id.org/linkml/String')).toMatchObject({ curie: 'linkml:String', label: 'string', definition: 'A character string' });
    const mappings = await termsOf('yaml/linkml-mappings.yaml', 'yaml');
    expect(kinds(mappings)).toEqual({ slot: 8 });
    expect(find(mappings, 'http://www.w3.org/2004/02/skos/core#mappingRelation')).toMatchObject({ curie: 'skos:mappingRelation', label: 'mappings', synonyms: ['xrefs', 'identifiers', 'alternate identifiers', 'alternate ids'] });
    expect(find(mappings, 'http://www.w3.org/2004/02/skos/core#exactMatch')).toMatchObject({ label: 'exact mappings', parents: ['http://www.w3.org/2004/02/skos/core#mappingRelation'] });
  });
});

describe('terms of the ORM fixtures', () => {
  it('when the ORM models are read then entity, value and fact types are counted as NORMA shows them', async () => {
    expect(await termsOf('orm/NORMA-EmptyModel.orm', 'orm')).toEqual([]);
    expect(kinds(await termsOf('orm/SimplestUnary.orm', 'orm'))).toEqual({ value_type: 1, fact_type: 1 });
    expect(kinds(await termsOf('orm/Warehousing.orm', 'orm'))).toEqual({ entity_type: 16, value_type: 12, fact_type: 40 });
  });

  it('when PersonCountryDemo is read then a fact type reads with its role players filled in', async () => {
    const terms = await termsOf('orm/PersonCountryDemo.orm', 'orm');
    expect(kinds(terms)).toEqual({ entity_type: 3, value_type: 6, fact_type: 8 });
    expect(find(terms, 'urn:orm:_787D5638-F573-44D0-8944-1848B8939BEA')).toMatchObject({ kind: 'fact_type', label: 'Person lives in Country' });
    expect(find(terms, 'urn:orm:_08FCB217-4D5A-4D6E-BB08-033359BFEF51')).toMatchObject({ kind: 'entity_type', label: 'Person', curie: null });
  });

  it('when the ActiveFacts metamodel is read then notes become definitions and supertypes parents', async () => {
    const terms = await termsOf('orm/Metamodel.orm', 'orm');
    expect(kinds(terms)).toEqual({ entity_type: 85, value_type: 33, fact_type: 187 });
    expect(find(terms, 'urn:orm:_EB5D3EDF-DA79-455C-B9C7-DC5857CD42EF')).toMatchObject({ label: 'Numerator', definition: 'The Numerator is a decimal literal which may not need a denominator' });
    expect(find(terms, 'urn:orm:_A335C341-7CB6-434C-9C6F-92BDCA99A95D')).toMatchObject({ label: 'Query', definition: 'A Query is a network of Variables\nconnected by Steps.' });
    expect(find(terms, 'urn:orm:_5CD3E662-92B4-4519-BE84-B3AA4FF2EB0D')).toMatchObject({ label: 'Set Comparison Constraint', parents: ['urn:orm:_26210595-6C50-48C3-B847-D734725574AC'] });
    expect(find(terms, 'urn:orm:_3288668D-D576-446F-8A82-23CF494AE51A')).toMatchObject({ kind: 'fact_type', label: 'Presence Constraint is preferred identifier', definition: 'Only valid when min- and max- frequency is one' });
  });
});
