// The terms of a commit's source (DESIGN 6.1), gathered like its metrics during the parse that
// validates it: Turtle and RDF/XML triples stream into compact per-subject statements, and
// json/yaml values are kept by the observer. What that parse cannot give is read in `finish`:
// OWL/XML (the format check only proves it well-formed) with a streaming reader, JSON-LD with
// the triples jsonld.js expands (shared with the metrics through SourceReads), ORM2 with the
// model reader plus one pass for the definition and note texts.
import type { SourceCheck, SourceFormat, SourceObserver } from '@oms/formats';
import { isJsonLd, prefixesOfJsonLd } from '../json-ld.js';
import { SourceReads } from '../source-reads.js';
import { isLinkml, linkmlTerms } from './linkml-terms.js';
import { ormTexts } from './orm-notes.js';
import { ormTerms } from './orm-terms.js';
import { OwlXmlReader, readOwlXml } from './owl-xml-quads.js';
import { RdfStatements, type StatementsSpill } from './rdf-statements.js';
import { rdfTermStream } from './rdf-terms.js';
import { MAX_TERM_ANNOTATIONS, type OntologyTerm } from './term.js';

/** Larger JSON-LD is not expanded for terms: jsonld.js takes about 1.3 s per megabyte. */
export const JSON_LD_TERMS_MAX_BYTES = 10 * 1024 * 1024;

export type TermsOptions = {
  /** Annotations kept per term (default 500); 0 keeps none and holds no annotation statements in memory. */
  maxAnnotations?: number;
  maxJsonLdBytes?: number;
  /** Shared with collectMetrics of the same source, so JSON-LD and ORM2 are read once. */
  reads?: SourceReads;
  /** Turtle and RDF/XML: spill the statements to sorted runs in this folder past a bound (bounded memory; RdfStatements). */
  spill?: StatementsSpill;
};

/** `skipped` says why a source that may hold terms gave none (too large, unreadable). */
export type TermsResult = { terms: OntologyTerm[]; skipped?: string };
/** The same terms made one at a time as they are iterated (once), so they need not all be held. */
export type TermStream = { terms: Iterable<OntologyTerm>; skipped?: string };

type Accepted = Extract<SourceCheck, { ok: true }>;

export type TermsCollector = {
  /** Pass to validateSource (merged with the metrics' observer: mergeObservers). */
  observer: SourceObserver;
  /** The terms once the source was accepted, sorted by IRI; never throws. */
  finish(text: string, check: Accepted): Promise<TermsResult>;
  /** Instead of finish, for very large sources: the terms in IRI order, made while iterated. */
  stream(text: string, check: Accepted): Promise<TermStream>;
};

const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

type Settings = { maxAnnotations: number; maxJsonLdBytes: number; reads: SourceReads };

function owlXmlTerms(text: string, settings: Settings): TermStream {
  const graph = new RdfStatements(settings.maxAnnotations);
  try {
    readOwlXml(text, { quad: (quad) => graph.add(quad), prefix: (prefix, iri) => graph.prefix(prefix, iri) });
  } catch (error) {
    return { terms: [], skipped: `the OWL/XML could not be read: ${reasonOf(error)}` };
  }
  return { terms: rdfTermStream(graph, settings.maxAnnotations) };
}

const OWL_ONTOLOGY = { uri: 'http://www.w3.org/2002/07/owl#', local: 'Ontology' };

/**
 * The terms of an owl source's text as it comes, should it be OWL/XML (the format check says so
 * only at the end): the reader keeps one axiom at a time and stops as soon as the root element is
 * anything but owl:Ontology, so an RDF/XML source costs it only its prolog.
 */
export class OwlXmlTermsReader {
  private readonly graph: RdfStatements;
  private readonly reader: OwlXmlReader;
  private failure: string | undefined;
  private done = false;

  constructor(private readonly maxAnnotations: number = MAX_TERM_ANNOTATIONS) {
    const graph = new RdfStatements(maxAnnotations);
    this.graph = graph;
    this.reader = new OwlXmlReader({ quad: (quad) => graph.add(quad), prefix: (prefix, iri) => graph.prefix(prefix, iri) });
  }

  /** False once the text is known not to be OWL/XML (or could not be read): nothing more need be written. */
  get reading(): boolean {
    return !this.done;
  }

  /** The next piece of the text (a byte order mark already dropped). */
  write(text: string): void {
    if (this.done || text.length === 0) return;
    try {
      this.reader.write(text);
    } catch (error) {
      this.failure = reasonOf(error);
      this.done = true;
    }
    const root = this.reader.root;
    if (root && (root.uri !== OWL_ONTOLOGY.uri || root.local !== OWL_ONTOLOGY.local)) this.done = true;
  }

  /** The terms, once the whole text was written and the format check found OWL/XML. */
  finish(): TermsResult {
    if (!this.done) {
      try {
        this.reader.close();
      } catch (error) {
        this.failure = reasonOf(error);
      }
      this.done = true;
    }
    if (this.failure !== undefined) return { terms: [], skipped: `the OWL/XML could not be read: ${this.failure}` };
    return { terms: [...rdfTermStream(this.graph, this.maxAnnotations)] };
  }
}

async function jsonLdTerms(value: unknown, text: string, settings: Settings): Promise<TermStream> {
  if (Buffer.byteLength(text, 'utf8') > settings.maxJsonLdBytes) {
    return { terms: [], skipped: `the JSON-LD is larger than ${settings.maxJsonLdBytes} bytes, the bound for reading its terms` };
  }
  try {
    const graph = new RdfStatements(settings.maxAnnotations);
    for (const [prefix, iri] of Object.entries(prefixesOfJsonLd(value))) graph.prefix(prefix, iri);
    for (const quad of await settings.reads.jsonLdQuads(value)) graph.add(quad);
    return { terms: rdfTermStream(graph, settings.maxAnnotations) };
  } catch (error) {
    return { terms: [], skipped: reasonOf(error) };
  }
}

function ormSourceTerms(text: string, settings: Settings): TermStream {
  const model = settings.reads.ormModel(text);
  if (model instanceof Error) return { terms: [], skipped: model.message };
  try {
    return { terms: ormTerms(model, ormTexts(text), settings.maxAnnotations) };
  } catch (error) {
    return { terms: [], skipped: reasonOf(error) };
  }
}

export function collectTerms(format: SourceFormat, options: TermsOptions = {}): TermsCollector {
  const settings: Settings = {
    maxAnnotations: options.maxAnnotations ?? MAX_TERM_ANNOTATIONS,
    maxJsonLdBytes: options.maxJsonLdBytes ?? JSON_LD_TERMS_MAX_BYTES,
    reads: options.reads ?? new SourceReads(),
  };
  const rdf = format === 'turtle' || format === 'rdf' || format === 'owl' ? new RdfStatements(settings.maxAnnotations, options.spill) : undefined;
  const values: unknown[] = [];
  const observer: SourceObserver = {};
  if (rdf) {
    observer.quad = (quad) => rdf.add(quad);
    observer.prefix = (prefix, iri) => rdf.prefix(prefix, iri);
  }
  if (format === 'json' || format === 'yaml') observer.value = (value) => values.push(value);

  async function stream(text: string, check: Accepted): Promise<TermStream> {
    if (rdf) return check.syntax === 'owl-xml' ? owlXmlTerms(text, settings) : { terms: rdfTermStream(rdf, settings.maxAnnotations) };
    if (format === 'json' || format === 'yaml') {
      const value = values.length === 1 ? values[0] : values;
      if (isLinkml(value)) return { terms: linkmlTerms(value, settings.maxAnnotations) };
      return format === 'json' && isJsonLd(value) ? jsonLdTerms(value, text, settings) : { terms: [] };
    }
    return format === 'orm' ? ormSourceTerms(text, settings) : { terms: [] };
  }

  return {
    observer,
    stream,
    async finish(text, check) {
      const { terms, skipped } = await stream(text, check);
      return skipped === undefined ? { terms: [...terms] } : { terms: [...terms], skipped };
    },
  };
}
