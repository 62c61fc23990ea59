// The terms of a LinkML schema (DESIGN 6.1): its classes, slots, enums and types, written as
// maps (the YAML form) or as lists of named elements (the JSON-LD form LinkML generates).
// Names become IRIs as LinkML forms them: classes, enums and types in CamelCase, slots with
// underscores, after the default prefix; so biolink-model.yaml and its generated JSON-LD name
// the same things with the same IRIs.
import { WELL_KNOWN_PREFIXES, XSD_NS, XSD_STRING } from '../vocabulary.js';
import { CurieMaker } from './curie.js';
import { distinctValues, sortUniqueTerms, type OntologyTerm, type TermAnnotation, type TermKind } from './term.js';

type Schema = Record<string, unknown>;
type Section = { key: string; kind: TermKind; uriKey?: string; parentKey: string; format: (name: string) => string };
type Element = { name: string; body: Schema };

const LINKML = 'https://w3id.org/linkml/';
const camelcase = (name: string): string =>
  name
    .trim()
    .replace(/_+/g, ' ')
    .split(/\s+/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
const underscore = (name: string): string => name.trim().replace(/\s+/g, '_');

const SECTIONS: readonly Section[] = [
  { key: 'classes', kind: 'class', uriKey: 'class_uri', parentKey: 'is_a', format: camelcase },
  { key: 'slots', kind: 'slot', uriKey: 'slot_uri', parentKey: 'is_a', format: underscore },
  { key: 'enums', kind: 'enum', uriKey: 'enum_uri', parentKey: 'is_a', format: camelcase },
  // A type's parent is its `typeof`; its `uri` is the datatype it maps to, not its own IRI.
  { key: 'types', kind: 'type', parentKey: 'typeof', format: camelcase },
];
const IN_FIELDS = new Set(['name', 'title', 'description', 'aliases', 'is_a', 'mixins', 'typeof', 'deprecated', 'deprecated_element_has_exact_replacement', 'class_uri', 'slot_uri', 'enum_uri']);
const ABSOLUTE = /^[A-Za-z][A-Za-z0-9+.-]*:/;
const CURIE = /^([A-Za-z_][\w.-]*):(.*)$/s;

const isObject = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);
const texts = (value: unknown): string[] => (Array.isArray(value) ? value : [value]).filter((item): item is string => typeof item === 'string' && item.trim() !== '');

function elementsOf(section: unknown): Element[] {
  if (isObject(section)) return Object.entries(section).filter(([, body]) => body === null || isObject(body)).map(([name, body]) => ({ name, body: isObject(body) ? body : {} }));
  if (!Array.isArray(section)) return [];
  return section.filter((item): item is Schema => isObject(item) && typeof item['name'] === 'string').map((body) => ({ name: String(body['name']), body }));
}

/** A yaml or json value with classes, slots, enums or types holding elements. */
export function isLinkml(value: unknown): value is Schema {
  return isObject(value) && SECTIONS.some((section) => elementsOf(value[section.key]).length > 0);
}

function prefixesOf(schema: Schema): Record<string, string> {
  const prefixes: Record<string, string> = {};
  const declared = schema['prefixes'];
  const entries = isObject(declared) ? Object.entries(declared) : Array.isArray(declared) ? declared.map((item) => [isObject(item) ? item['prefix_prefix'] : undefined, item]) : [];
  for (const [name, value] of entries) {
    const iri = isObject(value) ? value['prefix_reference'] : value;
    if (typeof name === 'string' && typeof iri === 'string') prefixes[name] = iri;
  }
  return prefixes;
}

function annotationsOf(body: Schema, max: number): TermAnnotation[] {
  const annotations: TermAnnotation[] = [];
  for (const [key, value] of Object.entries(body)) {
    if (IN_FIELDS.has(key) || key.startsWith('@')) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      if (annotations.length >= max) return annotations;
      const property = `${LINKML}${key}`;
      if (typeof item === 'string') annotations.push({ property, value: item, datatype: XSD_STRING });
      else if (typeof item === 'boolean') annotations.push({ property, value: String(item), datatype: `${XSD_NS}boolean` });
      else if (typeof item === 'number') annotations.push({ property, value: String(item), datatype: `${XSD_NS}${Number.isInteger(item) ? 'integer' : 'decimal'}` });
    }
  }
  return annotations;
}

export function linkmlTerms(schema: Schema, maxAnnotations: number): OntologyTerm[] {
  const prefixes = prefixesOf(schema);
  const id = text(schema['id']);
  const defaultPrefix = text(schema['default_prefix']);
  const defaultNamespace =
    (defaultPrefix && (prefixes[defaultPrefix] ?? (ABSOLUTE.test(defaultPrefix) ? defaultPrefix : undefined))) ??
    (id ? (/[/#_:]$/.test(id) ? id : `${id}/`) : 'http://base.invalid/');
  const expand = (value: string): string => {
    const curie = CURIE.exec(value);
    // LinkML's default maps (default_curi_maps) know rdf, rdfs, owl, xsd and skos undeclared.
    const namespace = curie ? (prefixes[curie[1] ?? ''] ?? WELL_KNOWN_PREFIXES[curie[1] ?? '']) : undefined;
    if (namespace !== undefined) return namespace + (curie?.[2] ?? '');
    return ABSOLUTE.test(value) ? value : defaultNamespace + value;
  };
  const curies = new CurieMaker(prefixes);
  const terms: OntologyTerm[] = [];
  for (const section of SECTIONS) {
    const elements = elementsOf(schema[section.key]);
    const iris = new Map<string, string>();
    for (const { name, body } of elements) {
      const uri = section.uriKey ? text(body[section.uriKey]) : undefined;
      iris.set(name, uri ? expand(uri) : defaultNamespace + section.format(name));
    }
    const refer = (name: string) => iris.get(name) ?? (CURIE.test(name) && !/\s/.test(name) ? expand(name) : defaultNamespace + section.format(name));
    for (const { name, body } of elements) {
      const iri = iris.get(name) ?? '';
      const label = text(body['title']) ?? name;
      const deprecated = body['deprecated'];
      terms.push({
        iri,
        curie: curies.curie(iri),
        kind: section.kind,
        label,
        synonyms: distinctValues(texts(body['aliases']), label),
        definition: text(body['description']) ?? null,
        deprecated: deprecated !== undefined && deprecated !== null && deprecated !== false && deprecated !== '',
        replaced_by: distinctValues(texts(body['deprecated_element_has_exact_replacement']).map((value) => refer(value))),
        parents: distinctValues([...texts(body[section.parentKey]), ...texts(body['mixins'])].map(refer), iri),
        annotations: annotationsOf(body, maxAnnotations),
      });
    }
  }
  return sortUniqueTerms(terms);
}
