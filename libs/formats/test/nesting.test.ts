// Nesting bounds of every format, from both sides: the deepest shape real files of the format
// take is accepted (with margin), and hostile depth is refused quickly, with a sentence that
// says so and where, without taking the process down. Time bounds are generous (the machine is
// shared); what they catch is quadratic or exponential work, which is minutes at these sizes.
import { describe, expect, it } from 'vitest';
import { validateSource, type SourceFormat } from '../src/index.js';
import { MAX_RDF_XML_DEPTH } from '../src/check-rdfxml.js';
import { MAX_JSON_DEPTH } from '../src/check-json.js';
import { MAX_ORM_DEPTH } from '../src/check-orm.js';
import { MAX_TURTLE_DEPTH } from '../src/check-turtle.js';
import { deepRdfXmlList, deepRdfXmlListTriples, hostileRdfXml } from '../src/testing.js';
import { MAX_NAMESPACES_IN_SCOPE } from '../src/xml-wellformed.js';
import { MAX_YAML_DEPTH } from '../src/yaml-depth.js';

const HOSTILE = 100_000;
const ORM_CORE = 'http://schemas.neumont.edu/ORM/2006-04/ORMCore';
const ORM_ROOT = 'http://schemas.neumont.edu/ORM/2006-04/ORMRoot';

async function timedCheck(format: SourceFormat, text: string) {
  const started = performance.now();
  let triples = 0;
  const check = await validateSource(format, text, { quad: () => (triples += 1) });
  return { check, triples, ms: performance.now() - started };
}

/** An rdf:List as rdflib writes it in Turtle when its nodes carry rdf:type: one nested blank node per member. */
function turtleNestedList(members: number): string {
  const head = '@prefix rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#> .\n@prefix ex: <http://example.org/> .\nex:Code ex:oneOf ';
  return `${head}${'[ a rdf:List ; rdf:first "c" ; rdf:rest '.repeat(members)}rdf:nil${' ]'.repeat(members)} .\n`;
}

/** OWL/XML with a class expression nested `depth` levels (ObjectComplementOf of ObjectComplementOf ...). */
function owlXmlNested(depth: number): string {
  return `<?xml version="1.0"?>
<Ontology xmlns="http://www.w3.org/2002/07/owl#" ontologyIRI="http://example.org/o">
  <EquivalentClasses><Class IRI="#A"/>${'<ObjectComplementOf>'.repeat(depth)}<Class IRI="#B"/>${'</ObjectComplementOf>'.repeat(depth)}</EquivalentClasses>
</Ontology>
`;
}

/** An ORM2 model whose note text sits `extra` levels below the model element. */
function ormNested(extra: number): string {
  return `<ormRoot:ORM2 xmlns:orm="${ORM_CORE}" xmlns:ormRoot="${ORM_ROOT}">
<orm:ORMModel id="_1" Name="Deep">${'<orm:Notes>'.repeat(extra)}x${'</orm:Notes>'.repeat(extra)}</orm:ORMModel>
</ormRoot:ORM2>
`;
}

/** A JSON-LD node whose object is a node whose object is a node ..., `depth` brackets deep. */
function jsonLdNested(depth: number): string {
  return `{"@context": {"ex": "http://example.org/"},${'"ex:p": {'.repeat(depth - 1)}"@id": "ex:leaf"${'}'.repeat(depth - 1)}}`;
}

describe('RDF/XML lists as Protégé and the OWL API write them', () => {
  it.each(['rdf', 'owl'] as const)('when a 10,000-member rdf:List nested 20,000 levels deep is checked as %s then it is accepted with every triple', async (format) => {
    const { check, triples, ms } = await timedCheck(format, deepRdfXmlList(10_000));
    expect(check).toEqual({ ok: true });
    expect(triples).toBe(deepRdfXmlListTriples(10_000));
    expect(ms).toBeLessThan(15_000);
  });

  it('when a document nests exactly to the bound then it is accepted, one level more and it is refused', async () => {
    expect((await timedCheck('rdf', hostileRdfXml(MAX_RDF_XML_DEPTH - 1))).check).toEqual({ ok: true });
    const deeper = await timedCheck('rdf', hostileRdfXml(MAX_RDF_XML_DEPTH + 1));
    expect(deeper.check).toMatchObject({ ok: false, message: expect.stringMatching(/^line 1, column \d+: elements are nested more than 50000 levels deep$/) });
  });

  it.each(['rdf', 'owl'] as const)('when %s is nested 100,000 levels deep then it is refused in under 2 seconds with the place', async (format) => {
    const { check, ms } = await timedCheck(format, hostileRdfXml(HOSTILE));
    expect(check).toMatchObject({ ok: false, line: 1, message: expect.stringMatching(/^line 1, column \d+: elements are nested more than 50000 levels deep$/) });
    expect(ms).toBeLessThan(2000);
  });

  it('when every level declares another namespace prefix then the document is refused before the RDF/XML parser copies them all', async () => {
    const levels = MAX_NAMESPACES_IN_SCOPE + 10;
    const open = Array.from({ length: levels }, (_, level) => `<rdf:Description xmlns:p${level}="http://example.org/${level}#"><p${level}:p>`).join('');
    const close = Array.from({ length: levels }, (_, level) => `</p${levels - 1 - level}:p></rdf:Description>`).join('');
    const text = `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">${open}x${close}</rdf:RDF>`;
    expect(await validateSource('rdf', text)).toMatchObject({ ok: false, message: expect.stringContaining('more than 256 namespace prefixes are declared at once') });
  });

  it('when many siblings each declare their own prefix then the declarations go out of scope and it is accepted', async () => {
    const items = Array.from({ length: 2000 }, (_, index) => `<rdf:Description xmlns:p${index}="http://example.org/${index}#" rdf:about="http://example.org/s${index}"><p${index}:p>v</p${index}:p></rdf:Description>`);
    const text = `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">${items.join('\n')}</rdf:RDF>`;
    const { check, triples } = await timedCheck('rdf', text);
    expect(check).toEqual({ ok: true });
    expect(triples).toBe(2000);
  });
});

describe('OWL/XML', () => {
  it('when a class expression nests 10,000 levels then it is accepted', async () => {
    const { check, ms } = await timedCheck('owl', owlXmlNested(10_000));
    expect(check).toEqual({ ok: true, syntax: 'owl-xml' });
    expect(ms).toBeLessThan(10_000);
  });

  it('when OWL/XML nests 100,000 levels then it is refused in under 2 seconds', async () => {
    const { check, ms } = await timedCheck('owl', owlXmlNested(HOSTILE));
    expect(check).toMatchObject({ ok: false, message: expect.stringMatching(/^line 3, column \d+: elements are nested more than 50000 levels deep$/) });
    expect(ms).toBeLessThan(2000);
  });
});

describe('ORM2', () => {
  it('when a model nests to the bound the model reader accepts then it is accepted, one level more and it is refused', async () => {
    // ORM2 root and ORMModel are two levels; the text inside the innermost element is no level.
    expect(await validateSource('orm', ormNested(MAX_ORM_DEPTH - 2))).toEqual({ ok: true });
    expect(await validateSource('orm', ormNested(MAX_ORM_DEPTH - 1))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^line 2, column \d+: elements are nested more than 200 levels deep$/),
    });
  });

  it('when an ORM2 file nests 100,000 levels then it is refused in under 2 seconds', async () => {
    const { check, ms } = await timedCheck('orm', ormNested(HOSTILE));
    expect(check).toMatchObject({ ok: false, message: expect.stringContaining('nested more than 200 levels deep') });
    expect(ms).toBeLessThan(2000);
  });
});

describe('Turtle', () => {
  it('when a 10,000-member list is written as nested blank nodes then it is accepted with every triple', async () => {
    const { check, triples, ms } = await timedCheck('turtle', turtleNestedList(10_000));
    expect(check).toEqual({ ok: true });
    expect(triples).toBe(1 + 3 * 10_000);
    expect(ms).toBeLessThan(15_000);
  });

  it('when Turtle nests 100,000 levels then it is refused in under 2 seconds with the place', async () => {
    const { check, ms } = await timedCheck('turtle', turtleNestedList(HOSTILE));
    expect(check).toMatchObject({ ok: false, line: 3, message: expect.stringMatching(/^line 3, column \d+: the Turtle is nested more than 50000 levels deep$/) });
    expect(ms).toBeLessThan(2000);
  });

  it('when Turtle nests exactly to the bound then it is accepted', async () => {
    const text = `@prefix ex: <http://example.org/> .\nex:a ex:p ${'( '.repeat(MAX_TURTLE_DEPTH)}ex:z${' )'.repeat(MAX_TURTLE_DEPTH)} .\n`;
    expect((await timedCheck('turtle', text)).check).toEqual({ ok: true });
  });
});

describe('JSON and JSON-LD', () => {
  it('when JSON-LD nests to the bound then it is accepted, one level more and it is refused', async () => {
    expect(await validateSource('json', jsonLdNested(MAX_JSON_DEPTH))).toEqual({ ok: true });
    expect(await validateSource('json', jsonLdNested(MAX_JSON_DEPTH + 1))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^line 1, column \d+: the JSON is nested more than 500 levels deep$/),
    });
  });

  it('when JSON-LD nests 100,000 levels then it is refused in under 2 seconds', async () => {
    const started = performance.now();
    expect(await validateSource('json', jsonLdNested(HOSTILE))).toMatchObject({ ok: false, message: expect.stringContaining('nested more than 500 levels deep') });
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('YAML', () => {
  const blockMappings = (depth: number) => `${Array.from({ length: depth }, (_, level) => `${' '.repeat(level)}k${level}:`).join('\n')} x\n`;

  it.each([
    ['block mappings', blockMappings(MAX_YAML_DEPTH)],
    ['flow sequences', `a: ${'['.repeat(MAX_YAML_DEPTH - 1)}1${']'.repeat(MAX_YAML_DEPTH - 1)}\n`],
    ['block sequences', `${'- '.repeat(MAX_YAML_DEPTH - 1)}x\n`],
  ])('when %s nest to the bound then the document is accepted', async (_shape, text) => {
    expect(await validateSource('yaml', text)).toEqual({ ok: true });
  });

  it('when YAML nests one level more than the bound then it is refused with the place', async () => {
    expect(await validateSource('yaml', blockMappings(MAX_YAML_DEPTH + 1))).toMatchObject({
      ok: false,
      line: MAX_YAML_DEPTH + 1,
      message: expect.stringMatching(/the YAML is nested more than 500 levels deep$/),
    });
  });

  it('when YAML nests 100,000 levels then it is refused in under 2 seconds', async () => {
    for (const text of ['['.repeat(HOSTILE), `${'- '.repeat(HOSTILE)}x\n`]) {
      const started = performance.now();
      expect(await validateSource('yaml', text)).toMatchObject({ ok: false, message: expect.stringContaining('nested more than 500 levels deep') });
      expect(performance.now() - started).toBeLessThan(2000);
    }
  });
});
