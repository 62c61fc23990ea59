// IRIs of the vocabularies the tools look at (RDF, RDFS, OWL, XSD, SKOS).
export const RDF_NS = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#';
export const RDFS_NS = 'http://www.w3.org/2000/01/rdf-schema#';
export const OWL_NS = 'http://www.w3.org/2002/07/owl#';
export const XSD_NS = 'http://www.w3.org/2001/XMLSchema#';
export const SKOS_NS = 'http://www.w3.org/2004/02/skos/core#';

export const RDF_TYPE = `${RDF_NS}type`;
export const RDF_LANG_STRING = `${RDF_NS}langString`;
export const XSD_STRING = `${XSD_NS}string`;
export const RDFS_LABEL = `${RDFS_NS}label`;
export const SKOS_PREF_LABEL = `${SKOS_NS}prefLabel`;
export const OWL_IMPORTS = `${OWL_NS}imports`;

export const CLASS_TYPES = new Set([`${OWL_NS}Class`, `${RDFS_NS}Class`]);
export const OBJECT_PROPERTY = `${OWL_NS}ObjectProperty`;
export const DATATYPE_PROPERTY = `${OWL_NS}DatatypeProperty`;
export const ANNOTATION_PROPERTY = `${OWL_NS}AnnotationProperty`;
export const RDF_PROPERTY = `${RDF_NS}Property`;
/** Every rdf:type that makes its subject a property. */
export const PROPERTY_TYPES = new Set([
  OBJECT_PROPERTY,
  DATATYPE_PROPERTY,
  ANNOTATION_PROPERTY,
  RDF_PROPERTY,
  `${OWL_NS}OntologyProperty`,
  `${OWL_NS}FunctionalProperty`,
  `${OWL_NS}InverseFunctionalProperty`,
  `${OWL_NS}TransitiveProperty`,
  `${OWL_NS}SymmetricProperty`,
  `${OWL_NS}AsymmetricProperty`,
  `${OWL_NS}ReflexiveProperty`,
  `${OWL_NS}IrreflexiveProperty`,
]);
export const NAMED_INDIVIDUAL = `${OWL_NS}NamedIndividual`;

/** Types from these vocabularies describe the schema itself; any other type makes an individual. */
const SCHEMA_VOCABULARIES = [RDF_NS, RDFS_NS, OWL_NS, XSD_NS];
export const isSchemaVocabulary = (iri: string): boolean => SCHEMA_VOCABULARIES.some((ns) => iri.startsWith(ns));

/** Prefixes written when the source declared none for these namespaces. */
export const WELL_KNOWN_PREFIXES: Record<string, string> = {
  rdf: RDF_NS,
  rdfs: RDFS_NS,
  owl: OWL_NS,
  xsd: XSD_NS,
  skos: SKOS_NS,
};
