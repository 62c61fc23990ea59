// RdfCounter's metrics (metrics.ts) for sources too large to keep their triples: distinct
// triples and the kinds of typed subjects counted by fingerprint (fingerprint-table.ts), so the
// memory is a few bytes per distinct triple and per typed subject instead of the triples'
// text. The same numbers as RdfCounter, save a fingerprint collision (see there).
import { Fingerprint, FingerprintTable } from './fingerprint-table.js';
import type { RdfMetrics } from './metrics.js';
import type { Quad, Term } from './terms.js';
import {
  ANNOTATION_PROPERTY,
  CLASS_TYPES,
  DATATYPE_PROPERTY,
  NAMED_INDIVIDUAL,
  OBJECT_PROPERTY,
  OWL_IMPORTS,
  OWL_NS,
  PROPERTY_TYPES,
  RDF_TYPE,
  isSchemaVocabulary,
} from './vocabulary.js';

// What kindOf (rdf-entities.ts) reads of a subject's types: the first class or property type
// decides between the two; the rest only matter by presence.
const CLASS = 1;
const PROPERTY = 2;
const OBJECT = 4;
const DATATYPE = 8;
const ANNOTATION = 16;
const ONTOLOGY = 32;
const INDIVIDUAL = 64;

/** A term's text, unique among the terms of one parse (N3.js terms carry it as `id`). */
function keyOf(term: Term): string {
  const id = (term as { id?: unknown }).id;
  if (typeof id === 'string') return id;
  if (term.termType === 'Literal') return `"${term.value}"${term.language ? `@${term.language}` : `^^${term.datatype.value}`}`;
  return `${term.termType === 'BlankNode' ? '_:' : ''}${term.value}`;
}

function bitsOf(type: string): number {
  if (CLASS_TYPES.has(type)) return CLASS;
  if (PROPERTY_TYPES.has(type)) {
    if (type === OBJECT_PROPERTY) return PROPERTY | OBJECT;
    if (type === DATATYPE_PROPERTY) return PROPERTY | DATATYPE;
    if (type === ANNOTATION_PROPERTY) return PROPERTY | ANNOTATION;
    return PROPERTY;
  }
  if (type === `${OWL_NS}Ontology`) return ONTOLOGY;
  return type === NAMED_INDIVIDUAL || !isSchemaVocabulary(type) ? INDIVIDUAL : 0;
}

/**
 * Bytes of Turtle per distinct triple and per typed subject, about (58 and 300 in the generated
 * OBO-like sources; a little under, so that such a source's tables never grow): sizes the tables
 * from the source's size.
 */
const BYTES_PER_TRIPLE = 56;
const BYTES_PER_TYPED_SUBJECT = 280;

export class CompactRdfCounter {
  private readonly triples: FingerprintTable;
  private readonly subjects: FingerprintTable;
  private readonly imports = new Set<string>();
  // Parsers hand out one subject term for a run of statements: its fingerprint is kept; the
  // few predicates' fingerprints are kept by IRI. A triple's is the three mixed.
  private lastSubject: Term | undefined;
  private lastGraph: Term | undefined;
  private lastPredicate: Term | undefined;
  private lastPredicatePrint: Fingerprint | undefined;
  private readonly subjectPrint = new Fingerprint();
  private readonly predicatePrints = new Map<string, Fingerprint>();
  private readonly objectPrint = new Fingerprint();
  private readonly print = new Fingerprint();

  /** `sourceBytes`: the source's size when known, to size the triples' table at once. */
  constructor(sourceBytes = 0) {
    this.triples = new FingerprintTable(false, Math.floor(sourceBytes / BYTES_PER_TRIPLE));
    this.subjects = new FingerprintTable(true, Math.floor(sourceBytes / BYTES_PER_TYPED_SUBJECT));
  }

  add(quad: Quad): void {
    const { subject, predicate, object } = quad;
    if (subject !== this.lastSubject || quad.graph !== this.lastGraph) {
      this.lastSubject = subject;
      this.lastGraph = quad.graph;
      this.subjectPrint.reset().add(keyOf(quad.graph)).add(keyOf(subject));
    }
    let predicatePrint = predicate === this.lastPredicate ? this.lastPredicatePrint : this.predicatePrints.get(predicate.value);
    if (!predicatePrint) this.predicatePrints.set(predicate.value, (predicatePrint = new Fingerprint().add(predicate.value)));
    this.lastPredicate = predicate;
    this.lastPredicatePrint = predicatePrint;
    this.triples.add(this.print.mix(this.subjectPrint, predicatePrint, this.objectPrint.reset().add(keyOf(object))));
    if (predicate.value === RDF_TYPE && subject.termType === 'NamedNode' && object.termType === 'NamedNode') {
      const bits = bitsOf(object.value);
      const subjectOnly = this.print.reset().add(subject.value);
      const had = this.subjects.mark(subjectOnly, 0);
      // The first class or property type decides (kindOf reads types in the order they came).
      const decided = had & (CLASS | PROPERTY);
      this.subjects.mark(subjectOnly, decided ? bits & ~(CLASS | PROPERTY) : bits);
    } else if (predicate.value === OWL_IMPORTS && object.termType === 'NamedNode') {
      this.imports.add(object.value);
    }
  }

  result(): RdfMetrics {
    const metrics: RdfMetrics = {
      triples: this.triples.size,
      classes: 0,
      object_properties: 0,
      datatype_properties: 0,
      annotation_properties: 0,
      other_properties: 0,
      individuals: 0,
      imports: [...this.imports].sort(),
    };
    for (const bits of this.subjects.allFlags()) {
      if (bits & CLASS) metrics.classes += 1;
      else if (bits & PROPERTY) {
        if (bits & OBJECT) metrics.object_properties += 1;
        else if (bits & DATATYPE) metrics.datatype_properties += 1;
        else if (bits & ANNOTATION) metrics.annotation_properties += 1;
        else metrics.other_properties += 1;
      } else if (bits & ONTOLOGY) continue;
      else if (bits & INDIVIDUAL) metrics.individuals += 1;
    }
    return metrics;
  }
}
