// The IRIs that decide what a term is and what it says about itself (DESIGN 6.1).
import { RDF_TERM_KINDS, type TermKind } from './term.js';
import { OWL_NS, RDF_NS, RDF_TYPE, RDFS_LABEL, RDFS_NS, SKOS_NS, SKOS_PREF_LABEL, XSD_NS } from '../vocabulary.js';

const OBO = 'http://purl.obolibrary.org/obo/';
const OBO_IN_OWL = 'http://www.geneontology.org/formats/oboInOwl#';
const DCTERMS = 'http://purl.org/dc/terms/';

/** What a predicate contributes to a term; `other` statements become annotations. */
export const Role = {
  Other: 0,
  Type: 1,
  PrefLabel: 2,
  RdfsLabel: 3,
  Synonym: 4,
  DefinitionIao: 5,
  DefinitionSkos: 6,
  DefinitionComment: 7,
  Deprecated: 8,
  ReplacedBy: 9,
  SubClassOf: 10,
  SubPropertyOf: 11,
  Broader: 12,
} as const;
export type Role = (typeof Role)[keyof typeof Role];

export const PREDICATE_ROLES = new Map<string, Role>([
  [RDF_TYPE, Role.Type],
  [SKOS_PREF_LABEL, Role.PrefLabel],
  [RDFS_LABEL, Role.RdfsLabel],
  [`${SKOS_NS}altLabel`, Role.Synonym],
  [`${OBO_IN_OWL}hasExactSynonym`, Role.Synonym],
  [`${OBO_IN_OWL}hasRelatedSynonym`, Role.Synonym],
  [`${OBO_IN_OWL}hasBroadSynonym`, Role.Synonym],
  [`${OBO_IN_OWL}hasNarrowSynonym`, Role.Synonym],
  [`${OBO}IAO_0000118`, Role.Synonym],
  [`${OBO}IAO_0000115`, Role.DefinitionIao],
  [`${SKOS_NS}definition`, Role.DefinitionSkos],
  [`${RDFS_NS}comment`, Role.DefinitionComment],
  [`${OWL_NS}deprecated`, Role.Deprecated],
  [`${OBO}IAO_0100001`, Role.ReplacedBy],
  [`${DCTERMS}isReplacedBy`, Role.ReplacedBy],
  [`${RDFS_NS}subClassOf`, Role.SubClassOf],
  [`${RDFS_NS}subPropertyOf`, Role.SubPropertyOf],
  [`${SKOS_NS}broader`, Role.Broader],
]);

/** rdf:types that give a kind; a type missing here and outside these vocabularies makes an individual. */
const KIND_OF_TYPE = new Map<string, TermKind>([
  [`${OWL_NS}Class`, 'class'],
  [`${RDFS_NS}Class`, 'class'],
  [`${OWL_NS}ObjectProperty`, 'object_property'],
  // OWL's characteristics of object properties are subclasses of owl:ObjectProperty.
  [`${OWL_NS}TransitiveProperty`, 'object_property'],
  [`${OWL_NS}SymmetricProperty`, 'object_property'],
  [`${OWL_NS}AsymmetricProperty`, 'object_property'],
  [`${OWL_NS}ReflexiveProperty`, 'object_property'],
  [`${OWL_NS}IrreflexiveProperty`, 'object_property'],
  [`${OWL_NS}InverseFunctionalProperty`, 'object_property'],
  [`${OWL_NS}DatatypeProperty`, 'datatype_property'],
  [`${OWL_NS}AnnotationProperty`, 'annotation_property'],
  [`${RDF_NS}Property`, 'property'],
  [`${OWL_NS}FunctionalProperty`, 'property'],
  [`${OWL_NS}OntologyProperty`, 'property'],
  [`${SKOS_NS}Concept`, 'concept'],
  [`${SKOS_NS}ConceptScheme`, 'concept_scheme'],
  [`${OWL_NS}NamedIndividual`, 'individual'],
]);

/**
 * Classes win over everything (punning), properties over concepts, everything over individuals:
 * the order in which RDF_TERM_KINDS lists them.
 */
const PRECEDENCE: readonly TermKind[] = RDF_TERM_KINDS;

const VOCABULARIES = [RDF_NS, RDFS_NS, OWL_NS, XSD_NS, SKOS_NS];
/** A class of the language itself (rdf, rdfs, owl, xsd, skos), never a parent of an individual. */
export const isVocabulary = (iri: string): boolean => VOCABULARIES.some((namespace) => iri.startsWith(namespace));

/** The kind of a subject from its rdf:types, or undefined when they make no term. */
export function termKindOf(types: readonly string[]): TermKind | undefined {
  let best = PRECEDENCE.length;
  for (const type of types) {
    const kind = KIND_OF_TYPE.get(type) ?? (isVocabulary(type) ? undefined : 'individual');
    if (kind !== undefined) best = Math.min(best, PRECEDENCE.indexOf(kind));
  }
  return PRECEDENCE[best];
}

/** The predicate whose named objects are a term's parents (individuals take their classes instead). */
export function parentRoleOf(kind: TermKind): Role | undefined {
  if (kind === 'class') return Role.SubClassOf;
  if (kind === 'concept') return Role.Broader;
  if (kind.endsWith('property')) return Role.SubPropertyOf;
  return undefined;
}
