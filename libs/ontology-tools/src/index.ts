// @oms/ontology-tools: pure functions over ontology sources (no I/O): semantic, structural, model
// and text diffs, conversions between RDF serializations, and metrics per commit.
export { checkAndMeasure, type SourceVerdict } from './check-and-measure.js';
export { canonicalGraph, canonicalNQuads, CanonicalizationError, type CanonicalGraph } from './canonical.js';
export { CONVERSION_TARGETS, ConversionError, TARGET_EXTENSIONS, TARGET_MEDIA_TYPES, convertSource, writeGraph, type ConversionTarget } from './convert.js';
export { diffSources, type DiffKind, type DiffOptions, type SourceDiff, type SourceVersion } from './diff-sources.js';
export { NotRepresentableError } from './errors.js';
export { PLACEHOLDER_BASE, isJsonLd } from './json-ld.js';
export { describeSource, downloadFileName, isOwlXml, type SourceDescription } from './media.js';
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
export { diffOrm, diffOrmModels, type OrmDiff, type OrmElementChanges, type OrmElementRef, type OrmRename } from './orm-diff.js';
export { diffGraphs, type RdfDiff, type RdfDiffSummary, type RdfStatementChange, type RdfSubjectChange } from './rdf-diff.js';
export type { EntityKind } from './rdf-entities.js';
export { readGraph, type GraphRead, type RdfGraph } from './read-graph.js';
export { diffStructures, type JsonPatchDiff, type JsonPatchOperation } from './structure-diff.js';
export { toWireTerm, type WireTerm } from './terms.js';
export { diffText, type TextDiff } from './text-diff.js';
export { splitIri, writeRdfXml } from './write-rdfxml.js';
export { writeNTriples, writeTurtle } from './write-turtle.js';
