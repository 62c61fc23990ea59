// What the named things of a graph are (classes, properties, individuals), what people call
// them (rdfs:label, skos:prefLabel), and which named thing a blank node belongs to.
import type { Quad } from './terms.js';
import {
  CLASS_TYPES,
  NAMED_INDIVIDUAL,
  OWL_NS,
  PROPERTY_TYPES,
  RDF_TYPE,
  RDFS_LABEL,
  SKOS_PREF_LABEL,
  isSchemaVocabulary,
} from './vocabulary.js';

export type EntityKind = 'class' | 'property' | 'individual' | 'ontology';

/** The kind of a subject from its rdf:types; classes and properties win over individuals (punning). */
export function kindOf(types: ReadonlySet<string> | undefined): EntityKind | undefined {
  if (!types) return undefined;
  let individual = false;
  let ontology = false;
  for (const type of types) {
    if (CLASS_TYPES.has(type)) return 'class';
    if (PROPERTY_TYPES.has(type)) return 'property';
    if (type === `${OWL_NS}Ontology`) ontology = true;
    else if (type === NAMED_INDIVIDUAL || !isSchemaVocabulary(type)) individual = true;
  }
  if (ontology) return 'ontology';
  return individual ? 'individual' : undefined;
}

type LabelCandidate = { text: string; rank: number };

/** English or untagged labels first, skos:prefLabel before rdfs:label. */
function rankOf(predicate: string, language: string): number {
  const languageRank = language === '' ? 1 : language === 'en' || language.startsWith('en-') ? 0 : 2;
  return languageRank * 2 + (predicate === SKOS_PREF_LABEL ? 0 : 1);
}

export class GraphIndex {
  readonly types = new Map<string, Set<string>>();
  private readonly labels = new Map<string, LabelCandidate>();
  /** For each blank node, one statement that points at it. */
  private readonly referrers = new Map<string, Quad>();

  constructor(quads: Iterable<Quad>) {
    for (const quad of quads) {
      const { subject, predicate, object } = quad;
      if (predicate.value === RDF_TYPE && subject.termType === 'NamedNode' && object.termType === 'NamedNode') {
        const types = this.types.get(subject.value) ?? new Set<string>();
        types.add(object.value);
        this.types.set(subject.value, types);
      } else if ((predicate.value === RDFS_LABEL || predicate.value === SKOS_PREF_LABEL) && object.termType === 'Literal') {
        const rank = rankOf(predicate.value, object.language.toLowerCase());
        const current = this.labels.get(subject.value);
        if (!current || rank < current.rank) this.labels.set(subject.value, { text: object.value, rank });
      }
      if (object.termType === 'BlankNode' && !this.referrers.has(object.value)) this.referrers.set(object.value, quad);
    }
  }

  kind(iri: string): EntityKind | undefined {
    return kindOf(this.types.get(iri));
  }

  label(iri: string): string | undefined {
    return this.labels.get(iri)?.text;
  }

  /** The named subject a blank node hangs from (following referrers up), if any. */
  ownerOf(blankNode: string): string | undefined {
    let current = blankNode;
    for (let depth = 0; depth < 64; depth += 1) {
      const referrer = this.referrers.get(current);
      if (!referrer) return undefined;
      if (referrer.subject.termType === 'NamedNode') return referrer.subject.value;
      if (referrer.subject.termType !== 'BlankNode' || referrer.subject.value === blankNode) return undefined;
      current = referrer.subject.value;
    }
    return undefined;
  }
}
