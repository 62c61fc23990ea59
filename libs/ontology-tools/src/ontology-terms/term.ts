// What a term is (DESIGN 6.1): a named thing an ontology declares, with what people call it,
// what it means and where it sits. One shape for every format that has terms.

export const RDF_TERM_KINDS = [
  'class',
  'object_property',
  'datatype_property',
  'annotation_property',
  'property',
  'concept',
  'concept_scheme',
  'individual',
] as const;
export const LINKML_TERM_KINDS = ['slot', 'enum', 'type'] as const;
export const ORM_TERM_KINDS = ['entity_type', 'value_type', 'fact_type'] as const;
/** Every kind of 6.1 (LinkML classes are `class` too). */
export const TERM_KINDS = [...RDF_TERM_KINDS, ...LINKML_TERM_KINDS, ...ORM_TERM_KINDS] as const;
export type TermKind = (typeof TERM_KINDS)[number];

/** At most this many annotations per term. */
export const MAX_TERM_ANNOTATIONS = 500;

/**
 * One other statement of a term. A literal always carries `language` or `datatype` (xsd:string
 * included); an IRI value carries neither.
 */
export type TermAnnotation = { property: string; value: string; language?: string; datatype?: string };

export type OntologyTerm = {
  iri: string;
  curie: string | null;
  kind: TermKind;
  label: string | null;
  synonyms: string[];
  definition: string | null;
  deprecated: boolean;
  replaced_by: string[];
  /** Named parents, declared in the version or not, in source order. */
  parents: string[];
  annotations: TermAnnotation[];
};

/** Code-unit order: the same everywhere, whatever the locale. */
export const compareIris = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Sorted by IRI; where two elements share an IRI the first one written is the term. */
export function sortUniqueTerms(terms: OntologyTerm[]): OntologyTerm[] {
  // Array.prototype.sort is stable, so equal IRIs keep document order.
  terms.sort((a, b) => compareIris(a.iri, b.iri));
  return terms.filter((term, index) => index === 0 || terms[index - 1]?.iri !== term.iri);
}

/** Distinct values in first-seen order, without `except` (a label is never its own synonym). */
export function distinctValues(values: Iterable<string>, except: string | null = null): string[] {
  const seen = new Set<string>();
  for (const value of values) if (value !== except) seen.add(value);
  return [...seen];
}
