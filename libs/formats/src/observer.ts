// What a caller may learn from the one parse that validates a source, so that nothing has to
// parse the same megabytes twice (metrics at ingest, graphs for diffs and conversions).
import type * as RDF from '@rdfjs/types';
import type { JsonListener } from './json-stream-scanner.js';

export type SourceObserver = {
  /** Every triple of turtle, rdf and owl (RDF/XML) sources, in document order. */
  quad?: (quad: RDF.Quad) => void;
  /** Prefixes the document declares (Turtle @prefix, xmlns on the RDF/XML root). */
  prefix?: (prefix: string, iri: string) => void;
  /** The parsed value of json sources, and of yaml sources (one value per YAML document). */
  value?: (value: unknown) => void;
  /** json sources checked as a stream (validateSourceStream), which builds no value: their shape as it is read. */
  json?: JsonListener;
};
