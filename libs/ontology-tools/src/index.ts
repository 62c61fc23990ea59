// @oms/ontology-tools: pure functions over ontology sources (no I/O): semantic, structural, model
// and text diffs, conversions between RDF serializations, metrics and terms per commit, and
// term-level changes between versions.
export { checkAndMeasure, type SourceVerdict } from './check-and-measure.js';
export { checkAndMeasureStream, isStreamedFormat } from './check-and-measure-stream.js';
export { CompactRdfCounter } from './compact-rdf-counter.js';
export { canonicalGraph, canonicalNQuads, CanonicalizationError, type CanonicalGraph } from './canonical.js';
export { CONVERSION_TARGETS, ConversionError, TARGET_EXTENSIONS, TARGET_MEDIA_TYPES, convertSource, writeGraph, type ConversionTarget } from './convert.js';
export { diffSources, type DiffKind, type DiffOptions, type SourceDiff, type SourceVersion } from './diff-sources.js';
export { NotRepresentableError } from './errors.js';
export { PLACEHOLDER_BASE, isJsonLd } from './json-ld.js';
export { mergeObservers } from './merge-observers.js';
export { describeJson, describeSource, downloadFileName, isOwlXml, type SourceDescription } from './media.js';
export {
  JSON_LD_METRICS_MAX_BYTES,
  collectMetrics,
  countLines,
  structureMetrics,
  type MetricsCollector,
  type OrmMetrics,
  type RdfMetrics,
  type SourceMetrics,
  type StructureMetrics,
} from './metrics.js';
export { collectMetricsAndTerms, type MetricsAndTermsCollector } from './ontology-terms/collect-metrics-and-terms.js';
export { JSON_LD_TERMS_MAX_BYTES, collectTerms, type TermsCollector, type TermsOptions, type TermsResult, type TermStream } from './ontology-terms/collect-terms.js';
export { oboCurie } from './ontology-terms/curie.js';
export { extractTerms, extractTermsStream, extractTermsToFile, type TermsFileVerdict, type TermsVerdict } from './ontology-terms/extract-terms.js';
export { ORM_IRI_PREFIX } from './ontology-terms/orm-terms.js';
export {
  LINKML_TERM_KINDS,
  MAX_TERM_ANNOTATIONS,
  ORM_TERM_KINDS,
  RDF_TERM_KINDS,
  TERM_KINDS,
  type OntologyTerm,
  type TermAnnotation,
  type TermKind,
} from './ontology-terms/term.js';
export {
  TERM_CHANGE_FIELDS,
  termChanges,
  type TermChange,
  type TermChangeField,
  type TermChangeSummary,
  type TermChanges,
  type TermSummary,
} from './ontology-terms/term-changes.js';
export { diffOrm, diffOrmModels, type OrmDiff, type OrmElementChanges, type OrmElementRef, type OrmRename } from './orm-diff.js';
export { diffGraphs, type RdfDiff, type RdfDiffSummary, type RdfStatementChange, type RdfSubjectChange } from './rdf-diff.js';
export type { EntityKind } from './rdf-entities.js';
export { SourceReads } from './source-reads.js';
export { readGraph, type GraphRead, type RdfGraph } from './read-graph.js';
export { diffStructures, type JsonPatchDiff, type JsonPatchOperation } from './structure-diff.js';
export { toWireTerm, type WireTerm } from './terms.js';
export { diffText, type TextDiff } from './text-diff.js';
export { diffTextStreams, type StreamTextSide } from './stream-text-diff.js';
export { splitIri, writeRdfXml } from './write-rdfxml.js';
export { writeNTriples, writeTurtle } from './write-turtle.js';
export { localName, normalizeText, termSearchColumns, textWords, type TermSearchColumns } from './ontology-terms/term-text.js';
