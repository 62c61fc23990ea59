// What compact-rdf-counter.ts reads of rdf:type and owl:imports triples: what kindOf
// (rdf-entities.ts) reads of a subject's types, as bits (the first class or property type decides
// between the two; the rest only matter by presence), and which predicates are those two.
import { Fingerprint } from './fingerprint.js';
import type { RdfMetrics } from './metrics.js';
import { textOf, unitsAre } from './term-texts.js';
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

export const CLASS = 1;
export const PROPERTY = 2;
const OBJECT = 4;
const DATATYPE = 8;
const ANNOTATION = 16;
const ONTOLOGY = 32;
const INDIVIDUAL = 64;

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

// What a predicate means here: rdf:type, owl:imports, or neither (0).
const TYPE = 1;
export const IMPORTS = 2;
const TYPE_PRINT = new Fingerprint().add(RDF_TYPE);
const IMPORTS_PRINT = new Fingerprint().add(OWL_IMPORTS);
const same = (a: Fingerprint, b: Fingerprint) => a.hi === b.hi && a.lo === b.lo;

/** What the predicate IRI units[from, to), whose fingerprint is `print`, means here. */
export function meaningOf(print: Fingerprint, units: Uint16Array, from: number, to: number): number {
  if (same(print, TYPE_PRINT) && unitsAre(units, from, to, RDF_TYPE)) return TYPE;
  if (same(print, IMPORTS_PRINT) && unitsAre(units, from, to, OWL_IMPORTS)) return IMPORTS;
  return 0;
}

/** A type IRI's bits, kept by its fingerprint: a source names few types, many times over. */
export class TypeBits {
  private readonly known = new Map<number, { lo: number; type: string; bits: number }>();

  /** The bits of the type IRI units[from, to), whose fingerprint is `print`. */
  of(print: Fingerprint, units: Uint16Array, from: number, to: number): number {
    const entry = this.known.get(print.hi);
    if (entry && entry.lo === print.lo && unitsAre(units, from, to, entry.type)) return entry.bits;
    const type = textOf(units, from, to);
    const bits = bitsOf(type);
    if (!entry) this.known.set(print.hi, { lo: print.lo, type, bits });
    return bits;
  }
}

/** Adds a typed subject's bits to the counts of its kind. */
export function countKind(metrics: RdfMetrics, bits: number): void {
  if (bits & CLASS) metrics.classes += 1;
  else if (bits & PROPERTY) {
    if (bits & OBJECT) metrics.object_properties += 1;
    else if (bits & DATATYPE) metrics.datatype_properties += 1;
    else if (bits & ANNOTATION) metrics.annotation_properties += 1;
    else metrics.other_properties += 1;
  } else if (bits & ONTOLOGY) return;
  else if (bits & INDIVIDUAL) metrics.individuals += 1;
}
