// What kindOf (rdf-entities.ts) reads of a subject's types, as bits (compact-rdf-counter.ts):
// the first class or property type decides between the two; the rest only matter by presence.
import type { Fingerprint } from './fingerprint-table.js';
import type { RdfMetrics } from './metrics.js';
import { textOf, unitsAre } from './term-texts.js';
import { ANNOTATION_PROPERTY, CLASS_TYPES, DATATYPE_PROPERTY, NAMED_INDIVIDUAL, OBJECT_PROPERTY, OWL_NS, PROPERTY_TYPES, isSchemaVocabulary } from './vocabulary.js';

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
