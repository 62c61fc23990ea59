// RdfCounter's metrics (metrics.ts) for sources too large to keep their triples: distinct
// triples and the kinds of typed subjects counted by fingerprint (fingerprint-table.ts), so the
// memory is a few bytes per distinct triple and per typed subject instead of the triples'
// text. The same numbers as RdfCounter, save a fingerprint collision (see there).
import { Fingerprint } from './fingerprint.js';
import { FingerprintTable } from './fingerprint-table.js';
import type { RdfMetrics } from './metrics.js';
import { TermTexts, keyOf, textOf } from './term-texts.js';
import type { Quad, Term } from './terms.js';
import { CLASS, IMPORTS, PROPERTY, TypeBits, countKind, meaningOf } from './type-kinds.js';

/**
 * Bytes of Turtle per distinct triple and per typed subject, about (58 and 300 in the generated
 * OBO-like sources; a little under, so that such a source's tables never grow): sizes the tables
 * from the source's size.
 */
const BYTES_PER_TRIPLE = 56;
const BYTES_PER_TYPED_SUBJECT = 280;

/** Triples fingerprinted at once (TermTexts), or fewer once their texts reach PENDING_UNITS. */
const PENDING_TRIPLES = 1024;
const PENDING_UNITS = 1 << 14;
/**
 * A literal longer than this is hashed on its own as it comes, not copied into a batch: a batch
 * copy of a text of hundreds of MB would hold it twice more.
 */
const LONG_LITERAL_UNITS = 1 << 16;

// A pending triple's flags.
const NEW_SUBJECT = 1;
const NEW_PREDICATE = 2;
const NAMED_SUBJECT = 4;
const NAMED_OBJECT = 8;
const LONG_OBJECT = 16;

export class CompactRdfCounter {
  private readonly triples: FingerprintTable;
  private readonly subjects: FingerprintTable;
  private readonly imports = new Set<string>();
  private readonly types = new TypeBits();
  // Parsers hand out one subject term for a run of statements (and one predicate for an object
  // list): their texts are taken once a run. A triple's fingerprint is the three terms' mixed.
  private lastSubject: Term | undefined;
  private lastGraph: Term | undefined;
  private lastPredicate: Term | undefined;
  private readonly subjectPrint = new Fingerprint();
  /** The subject's IRI alone (the key of the typed subjects' table), when it is one. */
  private readonly subjectIri = new Fingerprint();
  private subjectNamed = false;
  private readonly predicatePrint = new Fingerprint();
  private predicateMeans = 0;
  private readonly objectPrint = new Fingerprint();
  private readonly print = new Fingerprint();
  // Triples not yet fingerprinted: their texts in order (graph and subject when new, predicate
  // when new, object), and per triple the ends of those four (an empty range for one not
  // taken) and flags.
  private readonly texts = new TermTexts();
  private pending = 0;
  private readonly ends = new Int32Array(PENDING_TRIPLES * 4);
  private readonly flags = new Uint8Array(PENDING_TRIPLES);
  /** The fingerprints of long literals, by their triple's place in the batch. */
  private readonly longPrints = new Map<number, Fingerprint>();

  /** `sourceBytes`: the source's size when known, to size the triples' table at once. */
  constructor(sourceBytes = 0) {
    this.triples = new FingerprintTable(false, Math.floor(sourceBytes / BYTES_PER_TRIPLE));
    this.subjects = new FingerprintTable(true, Math.floor(sourceBytes / BYTES_PER_TYPED_SUBJECT));
  }

  add(quad: Quad): void {
    const { subject, predicate, object } = quad;
    const { ends, texts } = this;
    const at = this.pending * 4;
    let flags = object.termType === 'NamedNode' ? NAMED_OBJECT : 0;
    if (subject !== this.lastSubject || quad.graph !== this.lastGraph) {
      this.lastSubject = subject;
      this.lastGraph = quad.graph;
      flags |= NEW_SUBJECT | (subject.termType === 'NamedNode' ? NAMED_SUBJECT : 0);
      ends[at] = texts.push(keyOf(quad.graph));
      ends[at + 1] = texts.push(keyOf(subject));
    } else ends[at] = ends[at + 1] = texts.length;
    if (predicate !== this.lastPredicate) {
      this.lastPredicate = predicate;
      flags |= NEW_PREDICATE;
      ends[at + 2] = texts.push(predicate.value);
    } else ends[at + 2] = texts.length;
    const objectKey = keyOf(object);
    if (objectKey.length > LONG_LITERAL_UNITS && object.termType === 'Literal') {
      flags |= LONG_OBJECT;
      this.longPrints.set(this.pending, new Fingerprint().add(objectKey));
      ends[at + 3] = texts.length;
    } else ends[at + 3] = texts.push(objectKey);
    this.flags[this.pending] = flags;
    this.pending += 1;
    if (this.pending === PENDING_TRIPLES || texts.length >= PENDING_UNITS) this.flush();
  }

  /** Fingerprints the pending triples from their texts' code units, in order. */
  private flush(): void {
    const count = this.pending;
    if (count === 0) return;
    this.pending = 0;
    const units = this.texts.take();
    const { ends, flags, subjectPrint, subjectIri, predicatePrint, objectPrint } = this;
    let from = 0;
    for (let i = 0; i < count; i += 1) {
      const graphEnd = ends[i * 4] as number;
      const subjectEnd = ends[i * 4 + 1] as number;
      const predicateEnd = ends[i * 4 + 2] as number;
      const objectEnd = ends[i * 4 + 3] as number;
      const flag = flags[i] as number;
      if (flag & NEW_SUBJECT) {
        subjectPrint.reset().addUnits(units, from, graphEnd).addUnits(units, graphEnd, subjectEnd);
        this.subjectNamed = (flag & NAMED_SUBJECT) !== 0;
        if (this.subjectNamed) subjectIri.reset().addUnits(units, graphEnd, subjectEnd);
      }
      if (flag & NEW_PREDICATE) this.predicateMeans = meaningOf(predicatePrint.reset().addUnits(units, subjectEnd, predicateEnd), units, subjectEnd, predicateEnd);
      const object = flag & LONG_OBJECT ? (this.longPrints.get(i) as Fingerprint) : objectPrint.reset().addUnits(units, predicateEnd, objectEnd);
      this.triples.add(this.print.mix(subjectPrint, predicatePrint, object));
      if (flag & NAMED_OBJECT && this.predicateMeans !== 0) this.typeOrImport(units, predicateEnd, objectEnd);
      from = objectEnd;
    }
    this.longPrints.clear();
  }

  /** An rdf:type or owl:imports triple whose object, units[from, to), is an IRI. */
  private typeOrImport(units: Uint16Array, from: number, to: number): void {
    if (this.predicateMeans === IMPORTS) {
      this.imports.add(textOf(units, from, to));
      return;
    }
    if (!this.subjectNamed) return;
    const bits = this.types.of(this.objectPrint, units, from, to);
    // The first class or property type decides (kindOf reads types in the order they came).
    this.subjects.mark(this.subjectIri, bits, CLASS | PROPERTY);
  }

  result(): RdfMetrics {
    this.flush();
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
    for (const bits of this.subjects.allFlags()) countKind(metrics, bits);
    return metrics;
  }
}
