import { describe, expect, it } from 'vitest';
import type { SourceFormat } from '@oms/formats';
import { extractTerms } from './extract-terms.js';
import type { OntologyTerm } from './term.js';

// One small ontology in every RDF syntax that has terms; each must give the same terms.
const ZOO = 'http://example.org/zoo#';
const OBO = 'http://purl.obolibrary.org/obo/';
const XSD = 'http://www.w3.org/2001/XMLSchema#';

const TURTLE = `@prefix ex: <${ZOO}> .
@prefix obo: <${OBO}> .
@prefix oio: <http://www.geneontology.org/formats/oboInOwl#> .
@prefix owl: <http://www.w3.org/2002/07/owl#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix xsd: <${XSD}> .
ex:Animal a owl:Class ; rdfs:label "animal"@en , "Tier"@de ; obo:IAO_0000115 "A living organism that feeds on organic matter."@en .
ex:Cat a owl:Class ; rdfs:subClassOf ex:Animal , obo:NCBITaxon_9685 ; rdfs:label "cat"@en ; oio:hasExactSynonym "house cat" ;
  rdfs:comment "A small domesticated carnivorous mammal." .
ex:Dog a owl:Class ; rdfs:subClassOf ex:Animal ; rdfs:label "dog"@en ; owl:deprecated true ; obo:IAO_0100001 ex:Canine .
ex:eats a owl:ObjectProperty ; rdfs:subPropertyOf ex:interactsWith ; rdfs:label "eats" .
ex:weight a owl:DatatypeProperty ; rdfs:label "weight" .
ex:tom a owl:NamedIndividual , ex:Cat ; rdfs:label "Tom" ; ex:weight "4.5"^^xsd:decimal ; ex:eats ex:jerry .
`;

const RDF_XML = `<?xml version="1.0"?>
<!DOCTYPE rdf:RDF [ <!ENTITY zoo "${ZOO}"> ]>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:rdfs="http://www.w3.org/2000/01/rdf-schema#"
    xmlns:owl="http://www.w3.org/2002/07/owl#" xmlns:obo="${OBO}" xmlns:oio="http://www.geneontology.org/formats/oboInOwl#"
    xmlns:ex="${ZOO}">
  <owl:Class rdf:about="&zoo;Animal">
    <rdfs:label xml:lang="en">animal</rdfs:label>
    <rdfs:label xml:lang="de">Tier</rdfs:label>
    <obo:IAO_0000115 xml:lang="en">A living organism that feeds on organic matter.</obo:IAO_0000115>
  </owl:Class>
  <owl:Class rdf:about="&zoo;Cat">
    <rdfs:subClassOf rdf:resource="&zoo;Animal"/>
    <rdfs:subClassOf rdf:resource="${OBO}NCBITaxon_9685"/>
    <rdfs:label xml:lang="en">cat</rdfs:label>
    <oio:hasExactSynonym>house cat</oio:hasExactSynonym>
    <rdfs:comment>A small domesticated carnivorous mammal.</rdfs:comment>
  </owl:Class>
  <owl:Class rdf:about="&zoo;Dog">
    <rdfs:subClassOf rdf:resource="&zoo;Animal"/>
    <rdfs:label xml:lang="en">dog</rdfs:label>
    <owl:deprecated rdf:datatype="${XSD}boolean">true</owl:deprecated>
    <obo:IAO_0100001 rdf:resource="&zoo;Canine"/>
  </owl:Class>
  <owl:ObjectProperty rdf:about="&zoo;eats">
    <rdfs:subPropertyOf rdf:resource="&zoo;interactsWith"/>
    <rdfs:label>eats</rdfs:label>
  </owl:ObjectProperty>
  <owl:DatatypeProperty rdf:about="&zoo;weight"><rdfs:label>weight</rdfs:label></owl:DatatypeProperty>
  <owl:NamedIndividual rdf:about="&zoo;tom">
    <rdf:type rdf:resource="&zoo;Cat"/>
    <rdfs:label>Tom</rdfs:label>
    <ex:weight rdf:datatype="${XSD}decimal">4.5</ex:weight>
    <ex:eats rdf:resource="&zoo;jerry"/>
  </owl:NamedIndividual>
</rdf:RDF>
`;

const annotation = (property: string, subject: string, value: string) =>
  `<AnnotationAssertion><AnnotationProperty abbreviatedIRI="${property}"/><IRI>${subject}</IRI>${value}</AnnotationAssertion>`;
const OWL_XML = `<?xml version="1.0"?>
<!DOCTYPE Ontology [ <!ENTITY zoo "${ZOO}"> ]>
<Ontology xmlns="http://www.w3.org/2002/07/owl#" xml:base="http://example.org/zoo" ontologyIRI="http://example.org/zoo">
  <Prefix name="ex" IRI="${ZOO}"/>
  <Prefix name="obo" IRI="${OBO}"/>
  <Prefix name="oio" IRI="http://www.geneontology.org/formats/oboInOwl#"/>
  <Declaration><Class IRI="#Animal"/></Declaration>
  <Declaration><Class abbreviatedIRI="ex:Cat"/></Declaration>
  <Declaration><Class IRI="&zoo;Dog"/></Declaration>
  <Declaration><ObjectProperty IRI="#eats"/></Declaration>
  <Declaration><DataProperty IRI="#weight"/></Declaration>
  <Declaration><NamedIndividual IRI="#tom"/></Declaration>
  <Declaration><AnnotationProperty abbreviatedIRI="obo:IAO_0000115"/></Declaration>
  <SubClassOf><Class IRI="#Cat"/><Class IRI="#Animal"/></SubClassOf>
  <SubClassOf><Class IRI="#Cat"/><Class abbreviatedIRI="obo:NCBITaxon_9685"/></SubClassOf>
  <SubClassOf><Class IRI="#Cat"/><ObjectSomeValuesFrom><ObjectProperty IRI="#eats"/><Class IRI="#Mouse"/></ObjectSomeValuesFrom></SubClassOf>
  <SubClassOf>
    <Annotation><AnnotationProperty abbreviatedIRI="rdfs:comment"/><Literal>an axiom annotation, not the term's</Literal></Annotation>
    <Class IRI="#Dog"/><Class IRI="#Animal"/>
  </SubClassOf>
  <SubObjectPropertyOf><ObjectProperty IRI="#eats"/><ObjectProperty IRI="#interactsWith"/></SubObjectPropertyOf>
  <ClassAssertion><Class IRI="#Cat"/><NamedIndividual IRI="#tom"/></ClassAssertion>
  <DataPropertyAssertion><DataProperty IRI="#weight"/><NamedIndividual IRI="#tom"/><Literal datatypeIRI="${XSD}decimal">4.5</Literal></DataPropertyAssertion>
  <ObjectPropertyAssertion><ObjectProperty IRI="#eats"/><NamedIndividual IRI="#tom"/><NamedIndividual IRI="#jerry"/></ObjectPropertyAssertion>
  ${annotation('rdfs:label', '#Animal', '<Literal xml:lang="en">animal</Literal>')}
  ${annotation('rdfs:label', '#Animal', '<Literal xml:lang="de">Tier</Literal>')}
  ${annotation('obo:IAO_0000115', '#Animal', '<Literal xml:lang="en">A living organism that feeds on organic matter.</Literal>')}
  ${annotation('rdfs:label', '#Cat', '<Literal xml:lang="en">cat</Literal>')}
  ${annotation('oio:hasExactSynonym', '#Cat', '<Literal datatypeIRI="http://www.w3.org/1999/02/22-rdf-syntax-ns#PlainLiteral">house cat</Literal>')}
  ${annotation('rdfs:comment', '#Cat', '<Literal>A small domesticated carnivorous mammal.</Literal>')}
  ${annotation('rdfs:label', '#Dog', '<Literal xml:lang="en">dog</Literal>')}
  ${annotation('owl:deprecated', '#Dog', `<Literal datatypeIRI="${XSD}boolean">true</Literal>`)}
  ${annotation('obo:IAO_0100001', '#Dog', '<AbbreviatedIRI>ex:Canine</AbbreviatedIRI>')}
  ${annotation('rdfs:label', '#eats', '<Literal>eats</Literal>')}
  ${annotation('rdfs:label', '#weight', '<Literal>weight</Literal>')}
  ${annotation('rdfs:label', '#tom', '<Literal>Tom</Literal>')}
</Ontology>
`;

const JSON_LD = JSON.stringify({
  '@context': { ex: ZOO, obo: OBO, oio: 'http://www.geneontology.org/formats/oboInOwl#', owl: 'http://www.w3.org/2002/07/owl#', rdfs: 'http://www.w3.org/2000/01/rdf-schema#', xsd: XSD },
  '@graph': [
    {
      '@id': 'ex:Animal',
      '@type': 'owl:Class',
      'rdfs:label': [{ '@value': 'animal', '@language': 'en' }, { '@value': 'Tier', '@language': 'de' }],
      'obo:IAO_0000115': { '@value': 'A living organism that feeds on organic matter.', '@language': 'en' },
    },
    {
      '@id': 'ex:Cat',
      '@type': 'owl:Class',
      'rdfs:subClassOf': [{ '@id': 'ex:Animal' }, { '@id': 'obo:NCBITaxon_9685' }],
      'rdfs:label': { '@value': 'cat', '@language': 'en' },
      'oio:hasExactSynonym': 'house cat',
      'rdfs:comment': 'A small domesticated carnivorous mammal.',
    },
    { '@id': 'ex:Dog', '@type': 'owl:Class', 'rdfs:subClassOf': { '@id': 'ex:Animal' }, 'rdfs:label': { '@value': 'dog', '@language': 'en' }, 'owl:deprecated': true, 'obo:IAO_0100001': { '@id': 'ex:Canine' } },
    { '@id': 'ex:eats', '@type': 'owl:ObjectProperty', 'rdfs:subPropertyOf': { '@id': 'ex:interactsWith' }, 'rdfs:label': 'eats' },
    { '@id': 'ex:weight', '@type': 'owl:DatatypeProperty', 'rdfs:label': 'weight' },
    { '@id': 'ex:tom', '@type': ['owl:NamedIndividual', 'ex:Cat'], 'rdfs:label': 'Tom', 'ex:weight': { '@value': '4.5', '@type': 'xsd:decimal' }, 'ex:eats': { '@id': 'ex:jerry' } },
  ],
});

const term = (local: string, fields: Partial<OntologyTerm>): OntologyTerm => ({
  iri: `${ZOO}${local}`,
  curie: `ex:${local}`,
  kind: 'class',
  label: null,
  synonyms: [],
  definition: null,
  deprecated: false,
  replaced_by: [],
  parents: [],
  annotations: [],
  ...fields,
});

const EXPECTED: OntologyTerm[] = [
  term('Animal', { label: 'animal', synonyms: ['Tier'], definition: 'A living organism that feeds on organic matter.' }),
  term('Cat', { label: 'cat', synonyms: ['house cat'], definition: 'A small domesticated carnivorous mammal.', parents: [`${ZOO}Animal`, `${OBO}NCBITaxon_9685`] }),
  term('Dog', { label: 'dog', deprecated: true, replaced_by: [`${ZOO}Canine`], parents: [`${ZOO}Animal`] }),
  term('eats', { kind: 'object_property', label: 'eats', parents: [`${ZOO}interactsWith`] }),
  term('tom', {
    kind: 'individual',
    label: 'Tom',
    parents: [`${ZOO}Cat`],
    annotations: [
      { property: `${ZOO}weight`, value: '4.5', datatype: `${XSD}decimal` },
      { property: `${ZOO}eats`, value: `${ZOO}jerry` },
    ],
  }),
  term('weight', { kind: 'datatype_property', label: 'weight' }),
];

async function termsOf(format: SourceFormat, text: string): Promise<OntologyTerm[]> {
  const result = await extractTerms(format, text);
  if (!result.ok) throw new Error(result.message);
  expect(result.skipped).toBeUndefined();
  return result.terms;
}

describe('terms in every RDF syntax', () => {
  it('when the ontology is Turtle then its terms are as read by hand', async () => {
    expect(await termsOf('turtle', TURTLE)).toEqual(EXPECTED);
  });

  it('when the same ontology is RDF/XML (as rdf or owl) then the terms are the same', async () => {
    expect(await termsOf('rdf', RDF_XML)).toEqual(EXPECTED);
    expect(await termsOf('owl', RDF_XML)).toEqual(EXPECTED);
  });

  it('when the same ontology is OWL/XML then declarations, named axioms and assertions give the same terms', async () => {
    expect(await termsOf('owl', OWL_XML)).toEqual([...EXPECTED, term('IAO_0000115', { iri: `${OBO}IAO_0000115`, curie: 'IAO:0000115', kind: 'annotation_property' })]);
  });

  it('when the same ontology is JSON-LD then the terms are the same, statements in the order jsonld.js gives', async () => {
    const terms = await termsOf('json', JSON_LD);
    expect(terms.map(({ annotations: _found, ...rest }) => rest)).toEqual(EXPECTED.map(({ annotations: _expected, ...rest }) => rest));
    expect(terms.find((found) => found.iri === `${ZOO}tom`)?.annotations).toEqual(expect.arrayContaining(EXPECTED[4]?.annotations ?? []));
  });

  it('when OWL/XML is not well-formed for the reader then no terms come, with the reason', async () => {
    const collector = (await import('./collect-terms.js')).collectTerms('owl');
    const result = await collector.finish('<Ontology xmlns="http://www.w3.org/2002/07/owl#"><Declaration><Class IRI="&undefined;x"/></Declaration></Ontology>', { ok: true, syntax: 'owl-xml' });
    expect(result.terms).toEqual([]);
    expect(result.skipped).toMatch(/OWL\/XML could not be read/);
  });

  it('when JSON-LD refers to a remote context or exceeds the bound then no terms come, with the reason', async () => {
    const remote = await extractTerms('json', JSON.stringify({ '@context': 'https://example.org/context.jsonld', '@id': 'x' }));
    expect(remote).toMatchObject({ ok: true, terms: [], skipped: expect.stringMatching(/remote document/) });
    const large = await extractTerms('json', JSON_LD, { maxJsonLdBytes: 100 });
    expect(large).toMatchObject({ ok: true, terms: [], skipped: expect.stringMatching(/larger than 100 bytes/) });
  });

  it('when json is neither JSON-LD nor LinkML, or yaml is not LinkML, or the format is other then there are no terms', async () => {
    expect(await extractTerms('json', '{"a": {"b": 1}}')).toEqual({ ok: true, terms: [] });
    expect(await extractTerms('yaml', 'classes: 3\nslots: [1, 2]\n')).toEqual({ ok: true, terms: [] });
    expect(await extractTerms('other', TURTLE)).toEqual({ ok: true, terms: [] });
  });
});
