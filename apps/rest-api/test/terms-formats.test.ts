// The extraction rules of DESIGN 6.1 seen through REST, one ontology per format, on both back ends:
// what GET /ontologies/:id/term answers is what the rules say of the source as written here.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TermResponse } from '@oms/contracts';
import { testBackends } from '@oms/db/testing';
import { createOntology, FIXTURES, signUpUser, startTestServer, type SignedUpUser, type TestServer } from './support/test-server.js';

const EX = 'http://example.org/zoo#';
const OBO = 'http://purl.obolibrary.org/obo/';
const XSD = 'http://www.w3.org/2001/XMLSchema#';

// Turtle: label precedence and language, synonyms in document order (unchosen labels included),
// definition precedence, deprecation and both replacement properties, every kind, punning,
// blank nodes, OBO and longest-namespace CURIEs, a named prefix over the empty one.
const TURTLE = `@prefix : <${EX}> .
@prefix ex: <${EX}> .
@prefix sub: <${EX}sub/> .
@prefix obo: <${OBO}> .
@prefix owl: <http://www.w3.org/2002/07/owl#> .
@prefix rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
@prefix oio: <http://www.geneontology.org/formats/oboInOwl#> .
@prefix dcterms: <http://purl.org/dc/terms/> .
ex:Animal a owl:Class ; rdfs:label "Tier"@de , "animal"@en ; skos:prefLabel "beast" ;
  oio:hasRelatedSynonym "critter" ; skos:altLabel "creature" ; obo:IAO_0000118 "fauna member" ;
  rdfs:comment "a comment" ; skos:definition "a skos definition" ; obo:IAO_0000115 "A living organism."@en .
ex:Cat a owl:Class ; rdfs:subClassOf ex:Animal , [ a owl:Restriction ; owl:onProperty ex:eats ; owl:someValuesFrom ex:Mouse ] ;
  rdfs:label "cat" ; rdfs:comment "Un chat."@fr , "A cat."@en .
ex:Dog a owl:Class ; rdfs:subClassOf ex:Animal ; rdfs:label "dog" ; owl:deprecated true ;
  obo:IAO_0100001 ex:Canine ; dcterms:isReplacedBy ex:Hound .
obo:GO_0008150 a owl:Class ; rdfs:label "biological_process" .
sub:Thing a owl:Class ; rdfs:label "sub thing" .
ex:eats a owl:ObjectProperty ; rdfs:subPropertyOf ex:interactsWith .
ex:weight a owl:DatatypeProperty .
ex:note a owl:AnnotationProperty .
ex:related a rdf:Property .
ex:Scheme a skos:ConceptScheme ; skos:prefLabel "zoo scheme" .
ex:Mammals a skos:Concept ; skos:prefLabel "mammals" ; skos:broader ex:Animals .
ex:tom a ex:Cat , owl:NamedIndividual ; rdfs:label "Tom" .
ex:Punned a owl:Class , ex:Cat .
[] a owl:Class ; rdfs:label "anonymous" .
`;

const RDF_XML = `<?xml version="1.0"?>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:rdfs="http://www.w3.org/2000/01/rdf-schema#"
    xmlns:owl="http://www.w3.org/2002/07/owl#" xmlns:obo="${OBO}" xmlns:oio="http://www.geneontology.org/formats/oboInOwl#" xmlns:ex="${EX}">
  <owl:Class rdf:about="${EX}Cat">
    <rdfs:subClassOf rdf:resource="${EX}Animal"/>
    <rdfs:label xml:lang="fr">chat</rdfs:label>
    <rdfs:label xml:lang="en">cat</rdfs:label>
    <oio:hasExactSynonym>house cat</oio:hasExactSynonym>
    <obo:IAO_0000115>A small carnivore.</obo:IAO_0000115>
  </owl:Class>
  <owl:Class rdf:about="${EX}Animal"/>
  <owl:NamedIndividual rdf:about="${EX}tom"><rdf:type rdf:resource="${EX}Cat"/><rdfs:label>Tom</rdfs:label></owl:NamedIndividual>
</rdf:RDF>
`;

const OWL_XML = `<?xml version="1.0"?>
<Ontology xmlns="http://www.w3.org/2002/07/owl#" xml:base="http://example.org/zoo" ontologyIRI="http://example.org/zoo">
  <Prefix name="ex" IRI="${EX}"/>
  <Prefix name="obo" IRI="${OBO}"/>
  <Declaration><Class IRI="#Animal"/></Declaration>
  <Declaration><Class abbreviatedIRI="ex:Cat"/></Declaration>
  <Declaration><ObjectProperty IRI="#eats"/></Declaration>
  <Declaration><NamedIndividual IRI="#tom"/></Declaration>
  <SubClassOf><Class IRI="#Cat"/><Class IRI="#Animal"/></SubClassOf>
  <SubObjectPropertyOf><ObjectProperty IRI="#eats"/><ObjectProperty IRI="#interactsWith"/></SubObjectPropertyOf>
  <ClassAssertion><Class IRI="#Cat"/><NamedIndividual IRI="#tom"/></ClassAssertion>
  <AnnotationAssertion><AnnotationProperty abbreviatedIRI="rdfs:label"/><IRI>#Cat</IRI><Literal xml:lang="en">cat</Literal></AnnotationAssertion>
  <AnnotationAssertion><AnnotationProperty abbreviatedIRI="obo:IAO_0000115"/><IRI>#Cat</IRI><Literal>A small carnivore.</Literal></AnnotationAssertion>
  <AnnotationAssertion><AnnotationProperty abbreviatedIRI="owl:deprecated"/><IRI>#Animal</IRI><Literal datatypeIRI="${XSD}boolean">true</Literal></AnnotationAssertion>
</Ontology>
`;

const JSON_LD = JSON.stringify({
  '@context': { ex: EX, owl: 'http://www.w3.org/2002/07/owl#', rdfs: 'http://www.w3.org/2000/01/rdf-schema#', skos: 'http://www.w3.org/2004/02/skos/core#' },
  '@graph': [
    { '@id': 'ex:Cat', '@type': 'owl:Class', 'rdfs:subClassOf': { '@id': 'ex:Animal' }, 'rdfs:label': 'cat', 'skos:altLabel': 'kitty', 'skos:definition': 'A small carnivore.' },
    { '@id': 'ex:Mammals', '@type': 'skos:Concept', 'skos:prefLabel': { '@value': 'mammals', '@language': 'en' }, 'skos:broader': { '@id': 'ex:Animals' } },
  ],
});

const ZOO = 'https://example.org/zoo/';
const LINKML = {
  id: 'https://example.org/zoo',
  name: 'zoo',
  default_prefix: 'zoo',
  prefixes: { zoo: ZOO, schema: 'http://schema.org/' },
  classes: {
    'named thing': { description: 'Anything with a name.', aliases: ['thing', 'entity'] },
    animal: { title: 'Animal (organism)', is_a: 'named thing', mixins: ['has weight'], class_uri: 'schema:Animal' },
    'has weight': { mixin: true },
    'old animal': { is_a: 'animal', deprecated: 'use animal' },
  },
  slots: { 'body weight': { slot_uri: 'zoo:weight', range: 'float' } },
  enums: { diet: { permissible_values: { herbivore: null } } },
  types: { 'weight value': { typeof: 'float', uri: 'xsd:float' } },
};
const LINKML_YAML = `id: ${LINKML.id}
name: zoo
default_prefix: zoo
prefixes:
  zoo: ${ZOO}
  schema: http://schema.org/
classes:
  named thing:
    description: Anything with a name.
    aliases: [thing, entity]
  animal:
    title: Animal (organism)
    is_a: named thing
    mixins: [has weight]
    class_uri: schema:Animal
  has weight:
    mixin: true
  old animal:
    is_a: animal
    deprecated: use animal
slots:
  body weight:
    slot_uri: zoo:weight
    range: float
enums:
  diet:
    permissible_values:
      herbivore:
types:
  weight value:
    typeof: float
    uri: xsd:float
`;

const ORM = readFileSync(new URL('ontologies/orm/PersonCountryDemo.orm', FIXTURES), 'utf8');

describe.each(testBackends())('term extraction through REST on %s', (backend) => {
  let server: TestServer;
  let alice: SignedUpUser;
  const ids: Record<string, string> = {};
  const term = async (name: string, iri: string) => {
    const response = await server.request('GET', `/api/v1/ontologies/${ids[name]}/term?iri=${encodeURIComponent(iri)}`, { token: alice.token });
    expect(response.status, `${name} ${iri}: ${response.text.slice(0, 200)}`).toBe(200);
    return TermResponse.parse(response.body);
  };
  const status = async (name: string, iri: string) =>
    (await server.request('GET', `/api/v1/ontologies/${ids[name]}/term?iri=${encodeURIComponent(iri)}`, { token: alice.token })).status;
  const labelOf = (ref: { iri: string }) => ref.iri;

  beforeAll(async () => {
    server = await startTestServer({}, { backend });
    alice = await signUpUser(server);
    const sources: [string, string, string][] = [
      ['turtle', TURTLE, 'turtle'],
      ['rdfxml', RDF_XML, 'rdf'],
      ['owlxml', OWL_XML, 'owl'],
      ['jsonld', JSON_LD, 'json'],
      ['linkml-yaml', LINKML_YAML, 'yaml'],
      ['linkml-json', JSON.stringify(LINKML), 'json'],
      ['orm', ORM, 'orm'],
    ];
    for (const [name, source, format] of sources) ids[name] = (await createOntology(server, alice.token, { title: name, source, source_format: format })).id;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('when Turtle says skos:prefLabel, several labels and synonym properties then label and synonyms follow 6.1', async () => {
    const animal = await term('turtle', `${EX}Animal`);
    expect(animal).toMatchObject({ kind: 'class', label: 'beast', definition: 'A living organism.', deprecated: false, curie: 'ex:Animal' });
    // Document order across properties; unchosen labels are synonyms.
    expect(animal.synonyms).toEqual(['Tier', 'animal', 'critter', 'creature', 'fauna member']);
    expect(animal.annotations).toEqual(expect.arrayContaining([{ property: 'http://www.w3.org/2000/01/rdf-schema#comment', value: 'a comment', datatype: `${XSD}string` }]));
  });

  it('when Turtle has English and French comments and a restriction then the English one defines and only named parents count', async () => {
    const cat = await term('turtle', `${EX}Cat`);
    expect(cat).toMatchObject({ label: 'cat', definition: 'A cat.', synonyms: [] });
    expect(cat.parents).toEqual([{ iri: `${EX}Animal`, curie: 'ex:Animal', label: 'beast' }]);
  });

  it('when a Turtle term is deprecated with replacements then both replacement properties are read', async () => {
    expect(await term('turtle', `${EX}Dog`)).toMatchObject({ deprecated: true, replaced_by: [`${EX}Canine`, `${EX}Hound`] });
  });

  it('when Turtle declares every RDF kind then each term has its kind and parents by subClassOf, subPropertyOf, broader and type', async () => {
    const kinds: [string, string, string[]][] = [
      ['eats', 'object_property', [`${EX}interactsWith`]],
      ['weight', 'datatype_property', []],
      ['note', 'annotation_property', []],
      ['related', 'property', []],
      ['Scheme', 'concept_scheme', []],
      ['Mammals', 'concept', [`${EX}Animals`]],
      ['tom', 'individual', [`${EX}Cat`]],
      ['Punned', 'class', []],
    ];
    for (const [local, kind, parents] of kinds) {
      const found = await term('turtle', `${EX}${local}`);
      expect([local, found.kind, found.parents.map(labelOf)]).toEqual([local, kind, parents]);
    }
    // A parent the version does not declare is listed with no label.
    expect((await term('turtle', `${EX}Mammals`)).parents).toEqual([{ iri: `${EX}Animals`, curie: null, label: null }]);
  });

  it('when IRIs are OBO PURLs or under two declared namespaces then the CURIE is the OBO form or the longest namespace', async () => {
    expect(await term('turtle', `${OBO}GO_0008150`)).toMatchObject({ curie: 'GO:0008150', label: 'biological_process' });
    expect(await term('turtle', `${EX}sub/Thing`)).toMatchObject({ curie: 'sub:Thing' });
    // CURIEs are accepted as iri, and a blank node is never a term.
    expect(await term('turtle', 'GO:0008150')).toMatchObject({ iri: `${OBO}GO_0008150` });
    const roots = await server.request('GET', `/api/v1/ontologies/${ids.turtle}/terms?per_page=100&include_deprecated=true`, { token: alice.token });
    expect(roots.body.data.map((found: { label: string | null }) => found.label)).not.toContain('anonymous');
  });

  it('when RDF/XML has a French label before the English one then English wins and the other is a synonym', async () => {
    expect(await term('rdfxml', `${EX}Cat`)).toMatchObject({ kind: 'class', curie: 'ex:Cat', label: 'cat', synonyms: ['chat', 'house cat'], definition: 'A small carnivore.' });
    expect(await term('rdfxml', `${EX}tom`)).toMatchObject({ kind: 'individual', parents: [{ iri: `${EX}Cat`, curie: 'ex:Cat', label: 'cat' }] });
  });

  it('when OWL/XML declares, subclasses, asserts and annotates then the terms are read from its axioms', async () => {
    expect(await term('owlxml', `${EX}Cat`)).toMatchObject({ kind: 'class', curie: 'ex:Cat', label: 'cat', definition: 'A small carnivore.', parents: [{ iri: `${EX}Animal` }] });
    expect(await term('owlxml', `${EX}Animal`)).toMatchObject({ deprecated: true });
    expect(await term('owlxml', `${EX}eats`)).toMatchObject({ kind: 'object_property', parents: [{ iri: `${EX}interactsWith`, label: null }] });
    expect(await term('owlxml', `${EX}tom`)).toMatchObject({ kind: 'individual', parents: [{ iri: `${EX}Cat` }] });
  });

  it('when JSON-LD holds a graph then its classes and concepts are terms with the context as prefixes', async () => {
    expect(await term('jsonld', `${EX}Cat`)).toMatchObject({ kind: 'class', curie: 'ex:Cat', label: 'cat', synonyms: ['kitty'], definition: 'A small carnivore.' });
    expect(await term('jsonld', `${EX}Mammals`)).toMatchObject({ kind: 'concept', label: 'mammals', parents: [{ iri: `${EX}Animals` }] });
  });

  it.each(['linkml-yaml', 'linkml-json'])('when a LinkML schema is %s then classes, slots, enums and types follow 6.1', async (name) => {
    expect(await term(name, 'http://schema.org/Animal')).toMatchObject({
      kind: 'class',
      curie: 'schema:Animal',
      label: 'Animal (organism)',
      parents: [{ iri: `${ZOO}NamedThing`, label: 'named thing' }, { iri: `${ZOO}HasWeight`, label: 'has weight' }],
    });
    expect(await term(name, `${ZOO}NamedThing`)).toMatchObject({ label: 'named thing', definition: 'Anything with a name.', synonyms: ['thing', 'entity'] });
    expect(await term(name, `${ZOO}OldAnimal`)).toMatchObject({ deprecated: true });
    expect(await term(name, `${ZOO}weight`)).toMatchObject({ kind: 'slot', label: 'body weight', curie: 'zoo:weight' });
    expect(await term(name, `${ZOO}Diet`)).toMatchObject({ kind: 'enum' });
    expect(await term(name, `${ZOO}WeightValue`)).toMatchObject({ kind: 'type' });
    // Permissible values are not terms.
    expect(await status(name, `${ZOO}herbivore`)).toBe(404);
  });

  it('when an ORM model is read then entity types, value types and fact types with their readings are terms', async () => {
    expect(await term('orm', 'urn:orm:_08FCB217-4D5A-4D6E-BB08-033359BFEF51')).toMatchObject({ kind: 'entity_type', label: 'Person', curie: null });
    expect(await term('orm', 'urn:orm:_787D5638-F573-44D0-8944-1848B8939BEA')).toMatchObject({ kind: 'fact_type', label: 'Person lives in Country' });
    const kinds = await server.request('GET', `/api/v1/terms?q=person&ontology_id=${ids.orm}&kind=value_type,entity_type`, { token: alice.token });
    expect(kinds.body.data.map((hit: { kind: string }) => hit.kind).every((kind: string) => kind === 'value_type' || kind === 'entity_type')).toBe(true);
    expect(kinds.body.data[0]).toMatchObject({ label: 'Person', match: 'label' });
  });
});
