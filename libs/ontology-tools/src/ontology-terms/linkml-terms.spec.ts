import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { extractTerms } from './extract-terms.js';
import type { OntologyTerm } from './term.js';

const ZOO = 'https://example.org/zoo/';
const XSD = 'http://www.w3.org/2001/XMLSchema#';
const LINKML = 'https://w3id.org/linkml/';

const SCHEMA = {
  id: 'https://example.org/zoo',
  name: 'zoo',
  default_prefix: 'zoo',
  prefixes: { zoo: ZOO, linkml: LINKML, schema: 'http://schema.org/' },
  classes: {
    'named thing': { description: 'Anything with a name.', aliases: ['thing', 'named thing', 'entity', 'thing'] },
    animal: { title: 'Animal (organism)', is_a: 'named thing', mixins: ['has weight', 'Undeclared Mixin'], class_uri: 'schema:Animal', in_subset: ['core'] },
    'has weight': { mixin: true },
    'old animal': { is_a: 'animal', deprecated: 'use animal', deprecated_element_has_exact_replacement: 'animal' },
  },
  slots: {
    'body weight': { slot_uri: 'zoo:weight', range: 'float' },
    eats: { is_a: 'related to', description: 'What an animal feeds on.' },
    id: null,
  },
  enums: { diet: { permissible_values: { herbivore: null, carnivore: { description: 'eats meat' } } } },
  types: { 'weight value': { typeof: 'float', uri: 'xsd:float' } },
};

const term = (iri: string, kind: OntologyTerm['kind'], fields: Partial<OntologyTerm>): OntologyTerm => ({
  iri,
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

const EXPECTED: OntologyTerm[] = [
  term('http://schema.org/Animal', 'class', {
    curie: 'schema:Animal',
    label: 'Animal (organism)',
    parents: [`${ZOO}NamedThing`, `${ZOO}HasWeight`, `${ZOO}UndeclaredMixin`],
    annotations: [{ property: `${LINKML}in_subset`, value: 'core', datatype: `${XSD}string` }],
  }),
  term(`${ZOO}Diet`, 'enum', { curie: 'zoo:Diet', label: 'diet', annotations: [] }),
  term(`${ZOO}HasWeight`, 'class', { curie: 'zoo:HasWeight', label: 'has weight', annotations: [{ property: `${LINKML}mixin`, value: 'true', datatype: `${XSD}boolean` }] }),
  term(`${ZOO}NamedThing`, 'class', { curie: 'zoo:NamedThing', label: 'named thing', synonyms: ['thing', 'entity'], definition: 'Anything with a name.' }),
  term(`${ZOO}OldAnimal`, 'class', { curie: 'zoo:OldAnimal', label: 'old animal', deprecated: true, replaced_by: ['http://schema.org/Animal'], parents: ['http://schema.org/Animal'] }),
  term(`${ZOO}WeightValue`, 'type', { curie: 'zoo:WeightValue', label: 'weight value', parents: [`${ZOO}Float`], annotations: [{ property: `${LINKML}uri`, value: 'xsd:float', datatype: `${XSD}string` }] }),
  term(`${ZOO}eats`, 'slot', { curie: 'zoo:eats', label: 'eats', definition: 'What an animal feeds on.', parents: [`${ZOO}related_to`] }),
  term(`${ZOO}id`, 'slot', { curie: 'zoo:id', label: 'id' }),
  term(`${ZOO}weight`, 'slot', { curie: 'zoo:weight', label: 'body weight', annotations: [{ property: `${LINKML}range`, value: 'float', datatype: `${XSD}string` }] }),
];

async function termsOf(format: 'yaml' | 'json', text: string): Promise<OntologyTerm[]> {
  const result = await extractTerms(format, text);
  if (!result.ok) throw new Error(result.message);
  return result.terms;
}

describe('terms of LinkML', () => {
  it('when a LinkML schema is YAML then classes, slots, enums and types are terms, permissible values are not', async () => {
    // The enum's permissible_values are a map: only its name makes a term, and no annotation (maps are not literals).
    expect(await termsOf('yaml', stringify(SCHEMA))).toEqual(EXPECTED);
  });

  it('when the same schema is JSON then the terms are the same', async () => {
    expect(await termsOf('json', JSON.stringify(SCHEMA))).toEqual(EXPECTED);
  });

  it('when elements are lists of named objects (the JSON-LD LinkML generates) then they are terms too, LinkML winning over JSON-LD', async () => {
    const generated = {
      '@context': ['https://w3id.org/linkml/types.context.jsonld'],
      id: 'https://example.org/zoo',
      default_prefix: 'zoo',
      prefixes: [{ prefix_prefix: 'zoo', prefix_reference: ZOO }],
      classes: [{ name: 'NamedThing', description: 'Anything with a name.', '@type': 'ClassDefinition' }, { name: 'Animal', is_a: 'NamedThing' }],
      slots: [{ name: 'body_weight', slot_uri: 'https://example.org/zoo/weight' }],
    };
    const terms = await termsOf('json', JSON.stringify(generated));
    expect(terms.map((found) => [found.iri, found.kind, found.curie, found.parents])).toEqual([
      [`${ZOO}Animal`, 'class', 'zoo:Animal', [`${ZOO}NamedThing`]],
      [`${ZOO}NamedThing`, 'class', 'zoo:NamedThing', []],
      [`${ZOO}weight`, 'slot', 'zoo:weight', []],
    ]);
    expect(terms[1]?.annotations).toEqual([]);
  });

  it('when there is no default_prefix then names hang from the schema id, and undeclared prefixes give no CURIE', async () => {
    const terms = await termsOf('yaml', 'id: https://example.org/bare\nclasses:\n  thing:\n    class_uri: rdfs:Resource\n  other thing: {}\n');
    expect(terms.map((found) => [found.iri, found.curie])).toEqual([
      ['http://www.w3.org/2000/01/rdf-schema#Resource', null],
      ['https://example.org/bare/OtherThing', null],
    ]);
  });

  it('when two elements share an IRI then the first written is the term', async () => {
    const terms = await termsOf('yaml', 'id: https://e.org/s\nslots:\n  a:\n    slot_uri: https://e.org/x\n  b:\n    slot_uri: https://e.org/x\n');
    expect(terms.map((found) => found.label)).toEqual(['a']);
  });
});
