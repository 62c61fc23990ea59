// Metrics of a commit's source, gathered during the parse that validates it (the observer of
// validateSource), so ingest does not parse anything twice: sizes for every format, counts of
// triples and the kinds of named things for RDF, keys (and LinkML classes and slots) for YAML
// and JSON, and the model summary for ORM2.
import type { SourceCheck, SourceFormat, SourceObserver } from '@oms/formats';
import { summarize } from '@oms/orm';
import { MAX_LISTED_KEYS } from './json-key-list.js';
import { isJsonLd } from './json-ld.js';
import { kindOf } from './rdf-entities.js';
import { SourceReads } from './source-reads.js';
import type { Quad } from './terms.js';
import { TripleSet } from './triple-set.js';
import { ANNOTATION_PROPERTY, DATATYPE_PROPERTY, OBJECT_PROPERTY, OWL_IMPORTS, RDF_TYPE } from './vocabulary.js';

export type RdfMetrics = {
  triples: number;
  classes: number;
  object_properties: number;
  datatype_properties: number;
  annotation_properties: number;
  /** Properties typed otherwise (rdf:Property, or only an OWL characteristic such as owl:FunctionalProperty). */
  other_properties: number;
  individuals: number;
  imports: string[];
};

export type StructureMetrics = {
  top_level_keys: string[];
  top_level_key_count: number;
  /** For LinkML-shaped schemas (a top-level `classes` or `slots` section). */
  linkml?: { classes: number; slots: number; types: number; enums: number };
};

export type OrmMetrics = { object_types: number; entity_types: number; value_types: number; fact_types: number; constraints: number };

export type SourceMetrics = {
  bytes: number;
  lines: number;
  /** owl sources written as OWL/XML, json sources that are JSON-LD. */
  syntax?: 'owl-xml' | 'json-ld';
  rdf?: RdfMetrics;
  structure?: StructureMetrics;
  orm?: OrmMetrics;
};

/** Above this size JSON-LD is not expanded to triples at ingest (jsonld.js is slow on large documents). */
export const JSON_LD_METRICS_MAX_BYTES = 1024 * 1024;

/** Counts distinct triples (as rdflib does) and remembers rdf:types and owl:imports. */
export class RdfCounter {
  private readonly triples = new TripleSet();
  private readonly types = new Map<string, Set<string>>();
  private readonly imports = new Set<string>();

  add(quad: Quad): void {
    const { subject, predicate, object } = quad;
    this.triples.add(quad);
    if (predicate.value === RDF_TYPE && subject.termType === 'NamedNode' && object.termType === 'NamedNode') {
      const types = this.types.get(subject.value);
      if (types) types.add(object.value);
      else this.types.set(subject.value, new Set([object.value]));
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
    for (const types of this.types.values()) {
      const kind = kindOf(types);
      if (kind === 'class') metrics.classes += 1;
      else if (kind === 'individual') metrics.individuals += 1;
      else if (kind === 'property') {
        if (types.has(OBJECT_PROPERTY)) metrics.object_properties += 1;
        else if (types.has(DATATYPE_PROPERTY)) metrics.datatype_properties += 1;
        else if (types.has(ANNOTATION_PROPERTY)) metrics.annotation_properties += 1;
        else metrics.other_properties += 1;
      }
    }
    return metrics;
  }
}

export function countLines(text: string): number {
  let lines = 0;
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) lines += 1;
  return text.length > 0 && !text.endsWith('\n') ? lines + 1 : lines;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function sizeOf(section: unknown): number {
  if (Array.isArray(section)) return section.length;
  return isObject(section) ? Object.keys(section).length : 0;
}

export function structureMetrics(value: unknown): StructureMetrics {
  const keys = isObject(value) ? Object.keys(value) : [];
  const metrics: StructureMetrics = { top_level_keys: keys.slice(0, MAX_LISTED_KEYS), top_level_key_count: keys.length };
  if (isObject(value) && (sizeOf(value['classes']) > 0 || sizeOf(value['slots']) > 0)) {
    metrics.linkml = {
      classes: sizeOf(value['classes']),
      slots: sizeOf(value['slots']),
      types: sizeOf(value['types']),
      enums: sizeOf(value['enums']),
    };
  }
  return metrics;
}

function ormMetrics(text: string, reads: SourceReads): OrmMetrics | undefined {
  const model = reads.ormModel(text);
  // Accepted as ORM2 XML but beyond what the model reader understands: sizes only.
  if (model instanceof Error) return undefined;
  const summary = summarize(model);
  return {
    object_types: summary.objectTypes,
    entity_types: summary.entityTypes,
    value_types: summary.valueTypes,
    fact_types: summary.factTypes,
    constraints: summary.constraints,
  };
}

async function jsonLdMetrics(value: unknown, bytes: number, reads: SourceReads): Promise<RdfMetrics | undefined> {
  if (bytes > JSON_LD_METRICS_MAX_BYTES) return undefined;
  try {
    const counter = new RdfCounter();
    for (const quad of await reads.jsonLdQuads(value)) counter.add(quad);
    return counter.result();
  } catch {
    // A remote @context (never fetched) or JSON-LD that does not expand: no triple counts.
    return undefined;
  }
}

export type MetricsCollector = {
  /** Pass to validateSource so the validating parse feeds the metrics. */
  observer: SourceObserver;
  /** The metrics once the source was accepted; never throws. */
  finish(text: string, check: Extract<SourceCheck, { ok: true }>): Promise<SourceMetrics>;
};

/** `reads` shares the JSON-LD triples and the ORM2 model with a terms collector of the same source. */
export function collectMetrics(format: SourceFormat, reads: SourceReads = new SourceReads()): MetricsCollector {
  const counter = format === 'turtle' || format === 'rdf' || format === 'owl' ? new RdfCounter() : undefined;
  const values: unknown[] = [];
  const observer: SourceObserver = {};
  if (counter) observer.quad = (quad) => counter.add(quad);
  if (format === 'json' || format === 'yaml') observer.value = (value) => values.push(value);

  return {
    observer,
    async finish(text, check) {
      const bytes = Buffer.byteLength(text, 'utf8');
      const metrics: SourceMetrics = { bytes, lines: countLines(text) };
      if (counter) {
        if (check.syntax === 'owl-xml') metrics.syntax = 'owl-xml';
        else metrics.rdf = counter.result();
      } else if (format === 'json' || format === 'yaml') {
        const value = values.length === 1 ? values[0] : values;
        metrics.structure = structureMetrics(value);
        if (format === 'json' && isJsonLd(value)) {
          metrics.syntax = 'json-ld';
          const rdf = await jsonLdMetrics(value, bytes, reads);
          if (rdf) metrics.rdf = rdf;
        }
      } else if (format === 'orm') {
        const orm = ormMetrics(text, reads);
        if (orm) metrics.orm = orm;
      }
      return metrics;
    },
  };
}
