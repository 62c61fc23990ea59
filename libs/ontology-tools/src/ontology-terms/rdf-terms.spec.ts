import { describe, expect, it } from 'vitest';
import { extractTerms } from './extract-terms.js';
import type { OntologyTerm, TermsOptions } from '../index.js';

const PREFIXES = `@prefix ex: <http://example.org/onto#> .
@prefix obo: <http://purl.obolibrary.org/obo/> .
@prefix oio: <http://www.geneontology.org/formats/oboInOwl#> .
@prefix owl: <http://www.w3.org/2002/07/owl#> .
@prefix rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
@prefix dcterms: <http://purl.org/dc/terms/> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
`;
const EX = 'http://example.org/onto#';

async function termsOf(body: string, options: TermsOptions = {}, prefixes = PREFIXES): Promise<OntologyTerm[]> {
  const result = await extractTerms('turtle', `${prefixes}${body}`, options);
  if (!result.ok) throw new Error(result.message);
  return result.terms;
}

async function termOf(body: string, local: string): Promise<OntologyTerm | undefined> {
  return (await termsOf(body)).find((term) => term.iri === `${EX}${local}`);
}

describe('terms of RDF: kinds', () => {
  it('when subjects are typed then each declared type gives its kind', async () => {
    const terms = await termsOf(`
      ex:a a owl:Class . ex:b a rdfs:Class . ex:c a owl:ObjectProperty . ex:d a owl:DatatypeProperty .
      ex:e a owl:AnnotationProperty . ex:f a rdf:Property . ex:g a skos:Concept . ex:h a skos:ConceptScheme .
      ex:i a owl:NamedIndividual . ex:j a ex:a . ex:k a owl:TransitiveProperty . ex:l a owl:FunctionalProperty .`);
    expect(Object.fromEntries(terms.map((term) => [term.iri.slice(EX.length), term.kind]))).toEqual({
      a: 'class',
      b: 'class',
      c: 'object_property',
      d: 'datatype_property',
      e: 'annotation_property',
      f: 'property',
      g: 'concept',
      h: 'concept_scheme',
      i: 'individual',
      j: 'individual',
      k: 'object_property',
      l: 'property',
    });
  });

  it('when a subject is an ontology, a datatype, untyped or typed only by the vocabulary then it is no term', async () => {
    const terms = await termsOf(`
      ex:o a owl:Ontology ; rdfs:label "the ontology" . ex:d a rdfs:Datatype . ex:u rdfs:label "untyped" .
      ex:r a owl:Restriction . ex:s a skos:Collection .`);
    expect(terms).toEqual([]);
  });

  it('when an IRI is punned as class and individual then it is a class, and classes win over properties too', async () => {
    const terms = await termsOf(`
      ex:x a owl:NamedIndividual , ex:Person , owl:Class . ex:y a skos:Concept , ex:Thing . ex:z a owl:ObjectProperty , owl:Class .
      ex:w a owl:ObjectProperty , owl:AnnotationProperty .`);
    expect(terms.map((term) => [term.iri.slice(EX.length), term.kind])).toEqual([
      ['w', 'object_property'],
      ['x', 'class'],
      ['y', 'concept'],
      ['z', 'class'],
    ]);
  });

  it('when a blank node is typed or labelled then it is never a term, nor a parent', async () => {
    const terms = await termsOf(`
      [] a owl:Class ; rdfs:label "anonymous" .
      ex:C a owl:Class ; rdfs:subClassOf [ a owl:Restriction ; owl:onProperty ex:p ; owl:someValuesFrom ex:D ] , ex:B .`);
    expect(terms.map((term) => [term.iri, term.parents])).toEqual([[`${EX}C`, [`${EX}B`]]]);
  });

  it('when terms are written in any order then they come sorted by IRI in code-unit order', async () => {
    const terms = await termsOf('ex:b a owl:Class . ex:B a owl:Class . ex:a a owl:Class . <http://example.org/Z> a owl:Class .');
    expect(terms.map((term) => term.iri)).toEqual(['http://example.org/Z', `${EX}B`, `${EX}a`, `${EX}b`]);
  });
});

describe('terms of RDF: labels and synonyms', () => {
  it('when both skos:prefLabel and rdfs:label exist then prefLabel is the label, whatever their languages', async () => {
    expect((await termOf('ex:a a owl:Class ; rdfs:label "by rdfs"@en ; skos:prefLabel "by skos" .', 'a'))?.label).toBe('by skos');
    expect((await termOf('ex:a a owl:Class ; rdfs:label "by rdfs"@en ; skos:prefLabel "par skos"@fr .', 'a'))?.label).toBe('par skos');
  });

  it('when labels come in several languages then English or untagged comes first, else the first written', async () => {
    expect((await termOf('ex:a a owl:Class ; rdfs:label "Herz"@de , "heart"@en .', 'a'))?.label).toBe('heart');
    expect((await termOf('ex:a a owl:Class ; rdfs:label "coeur"@fr , "heart" .', 'a'))?.label).toBe('heart');
    expect((await termOf('ex:a a owl:Class ; rdfs:label "Farbe"@de , "colour"@en-GB .', 'a'))?.label).toBe('colour');
    expect((await termOf('ex:a a owl:Class ; rdfs:label "untagged" , "english"@en .', 'a'))?.label).toBe('untagged');
    expect((await termOf('ex:a a owl:Class ; rdfs:label "Herz"@de , "coeur"@fr .', 'a'))?.label).toBe('Herz');
  });

  it('when there is no label then the label is null', async () => {
    expect((await termOf('ex:a a owl:Class ; rdfs:comment "no name" .', 'a'))?.label).toBeNull();
  });

  it('when synonyms come from every synonym property and unchosen labels then they keep document order, distinct, without the label', async () => {
    const term = await termOf(
      `ex:a a owl:Class ; rdfs:label "Herz"@de ; oio:hasNarrowSynonym "cardiac organ" ; skos:prefLabel "heart"@en ;
        skos:altLabel "heart" ; oio:hasExactSynonym "cor" ; rdfs:label "heart"@en ; obo:IAO_0000118 "cor" ;
        oio:hasRelatedSynonym "ticker" ; oio:hasBroadSynonym "organ" ; skos:altLabel <http://example.org/not-a-literal> .`,
      'a',
    );
    expect(term?.label).toBe('heart');
    expect(term?.synonyms).toEqual(['Herz', 'cardiac organ', 'cor', 'ticker', 'organ']);
  });
});

describe('terms of RDF: definitions, deprecation, replacements', () => {
  it('when several definition properties exist then IAO_0000115 wins over skos:definition over rdfs:comment', async () => {
    const source = 'ex:a a owl:Class ; rdfs:comment "by comment" ; skos:definition "by skos" ; obo:IAO_0000115 "by IAO" .';
    const term = await termOf(source, 'a');
    expect(term?.definition).toBe('by IAO');
    expect(term?.annotations.map((annotation) => annotation.value)).toEqual(['by comment', 'by skos']);
    expect((await termOf('ex:a a owl:Class ; rdfs:comment "by comment" ; skos:definition "by skos" .', 'a'))?.definition).toBe('by skos');
    expect((await termOf('ex:a a owl:Class ; rdfs:comment "by comment" .', 'a'))?.definition).toBe('by comment');
  });

  it('when definitions come in several languages then English or untagged comes first', async () => {
    expect((await termOf('ex:a a owl:Class ; skos:definition "définition"@fr , "definition"@en .', 'a'))?.definition).toBe('definition');
    expect((await termOf('ex:a a owl:Class ; obo:IAO_0000115 "Definition"@de ; rdfs:comment "comment"@en .', 'a'))?.definition).toBe('Definition');
  });

  it('when owl:deprecated is true then the term is deprecated, and not when false or absent', async () => {
    const terms = await termsOf(`ex:a a owl:Class ; owl:deprecated true . ex:b a owl:Class ; owl:deprecated "true"^^xsd:boolean .
      ex:c a owl:Class ; owl:deprecated false . ex:d a owl:Class .`);
    expect(terms.map((term) => term.deprecated)).toEqual([true, true, false, false]);
    expect(terms[0]?.annotations).toEqual([]);
  });

  it('when IAO_0100001 or dcterms:isReplacedBy name IRIs then those are replaced_by, literals are annotations', async () => {
    const term = await termOf('ex:a a owl:Class ; obo:IAO_0100001 ex:new , "ex:literal" ; dcterms:isReplacedBy ex:newer , ex:new .', 'a');
    expect(term?.replaced_by).toEqual([`${EX}new`, `${EX}newer`]);
    expect(term?.annotations).toEqual([{ property: 'http://purl.obolibrary.org/obo/IAO_0100001', value: 'ex:literal', datatype: 'http://www.w3.org/2001/XMLSchema#string' }]);
  });
});

describe('terms of RDF: parents', () => {
  it('when a class, a property and a concept have parents then subClassOf, subPropertyOf and broader give them', async () => {
    const terms = await termsOf(`
      ex:C a owl:Class ; rdfs:subClassOf ex:B , ex:Undeclared ; skos:broader ex:X ; rdfs:subPropertyOf ex:Y .
      ex:B a owl:Class .
      ex:p a owl:ObjectProperty ; rdfs:subPropertyOf ex:q ; rdfs:subClassOf ex:Z .
      ex:k a skos:Concept ; skos:broader ex:l ; rdfs:subClassOf ex:Z .`);
    expect(Object.fromEntries(terms.map((term) => [term.iri.slice(EX.length), term.parents]))).toEqual({
      B: [],
      C: [`${EX}B`, `${EX}Undeclared`],
      k: [`${EX}l`],
      p: [`${EX}q`],
    });
    expect(terms.find((term) => term.iri === `${EX}C`)?.annotations.map((annotation) => annotation.property)).toEqual([
      'http://www.w3.org/2004/02/skos/core#broader',
      'http://www.w3.org/2000/01/rdf-schema#subPropertyOf',
    ]);
  });

  it('when an individual has classes then its named non-vocabulary classes are its parents', async () => {
    const term = await termOf('ex:tom a owl:NamedIndividual , ex:Cat , ex:Pet , owl:Thing , skos:Concept .', 'tom');
    expect(term?.kind).toBe('concept');
    const individual = await termOf('ex:tom a owl:NamedIndividual , ex:Cat , ex:Pet , owl:Thing , ex:Cat .', 'tom');
    expect(individual).toMatchObject({ kind: 'individual', parents: [`${EX}Cat`, `${EX}Pet`] });
  });

  it('when a class names itself as parent then it is not its own parent', async () => {
    expect((await termOf('ex:a a owl:Class ; rdfs:subClassOf ex:a , ex:b .', 'a'))?.parents).toEqual([`${EX}b`]);
  });
});

describe('terms of RDF: CURIEs', () => {
  it('when an IRI is an OBO PURL then its CURIE is the OBO one, even with an obo prefix declared', async () => {
    const terms = await termsOf('obo:GO_0008150 a owl:Class . obo:NCBITaxon_9606 a owl:Class . <http://purl.obolibrary.org/obo/go#part_of> a owl:ObjectProperty .');
    expect(terms.map((term) => term.curie)).toEqual(['GO:0008150', 'NCBITaxon:9606', 'obo:go#part_of']);
  });

  it('when prefixes nest then the longest namespace wins, and a named prefix beats the empty one', async () => {
    const prefixes = '@prefix : <http://example.org/> . @prefix ex: <http://example.org/> . @prefix deep: <http://example.org/deep/> . @prefix owl: <http://www.w3.org/2002/07/owl#> .\n';
    const terms = await termsOf('<http://example.org/a> a owl:Class . <http://example.org/deep/b> a owl:Class . <http://other.org/c> a owl:Class .', {}, prefixes);
    expect(terms.map((term) => term.curie)).toEqual(['ex:a', 'deep:b', null]);
  });

  it('when only the empty prefix covers an IRI then the CURIE starts with a colon', async () => {
    const terms = await termsOf(':a a owl:Class .', {}, '@prefix : <http://example.org/> . @prefix owl: <http://www.w3.org/2002/07/owl#> .\n');
    expect(terms[0]?.curie).toBe(':a');
  });
});

describe('terms of RDF: annotations', () => {
  it('when a term has other statements then literals keep language or datatype and IRIs carry neither', async () => {
    const term = await termOf('ex:a a owl:Class ; rdfs:seeAlso ex:b ; ex:note "note"@en-GB , "plain" , 3 ; rdfs:label "a" .', 'a');
    expect(term?.annotations).toEqual([
      { property: 'http://www.w3.org/2000/01/rdf-schema#seeAlso', value: `${EX}b` },
      { property: `${EX}note`, value: 'note', language: 'en-gb' },
      { property: `${EX}note`, value: 'plain', datatype: 'http://www.w3.org/2001/XMLSchema#string' },
      { property: `${EX}note`, value: '3', datatype: 'http://www.w3.org/2001/XMLSchema#integer' },
    ]);
  });

  it('when a term has more than 500 other statements then the first 500 are kept', async () => {
    const values = Array.from({ length: 600 }, (_, index) => `"n${index}"`).join(' , ');
    const term = await termOf(`ex:a a owl:Class ; ex:note ${values} ; rdfs:comment "definition" .`, 'a');
    expect(term?.annotations).toHaveLength(500);
    expect(term?.annotations[499]?.value).toBe('n499');
    expect(term?.definition).toBe('definition');
  });

  it('when annotations are turned off then none are kept and the other fields are unchanged', async () => {
    const [term] = await termsOf('ex:a a owl:Class ; ex:note "x" ; rdfs:label "a" .', { maxAnnotations: 0 });
    expect(term).toMatchObject({ label: 'a', annotations: [] });
  });

  it('when a subject is written in several places then its statements are gathered in document order', async () => {
    const term = await termOf('ex:a rdfs:label "first" . ex:b a owl:Class . ex:a a owl:Class ; skos:altLabel "second" . ex:a ex:note "n" .', 'a');
    expect(term).toMatchObject({ label: 'first', synonyms: ['second'], annotations: [{ property: `${EX}note`, value: 'n' }] });
  });

  it('when a literal holds the characters the packing uses then it is read back whole', async () => {
    const term = await termOf('ex:a a owl:Class ; rdfs:label "1,2:3\\u0000x" ; ex:note "" .', 'a');
    expect(term?.label).toBe('1,2:3\u0000x');
    expect(term?.annotations[0]?.value).toBe('');
  });
});
