// What the metrics and terms of a json source need of it, read from the streaming check's events
// (validateSourceStream builds no value, DESIGN 8): the top-level keys in Object.keys order, the
// sizes of the LinkML sections (classes, slots, types, enums) and whether it is JSON-LD. It holds
// the distinct top-level keys and the distinct keys of the latest section being read, never values.
import type { JsonListener } from '@oms/formats';
import type { StructureMetrics } from './metrics.js';

const SECTIONS = ['classes', 'slots', 'types', 'enums'] as const;
type SectionName = (typeof SECTIONS)[number];
const isSection = (name: string): name is SectionName => (SECTIONS as readonly string[]).includes(name);
type Section = { size: number; keys: Set<string> | undefined };

const MAX_LISTED_KEYS = 100;

export class JsonStreamShape {
  private top: 'object' | 'array' | 'scalar' | undefined;
  /** Null prototype, so that its keys come out in the order Object.keys gives for JSON.parse's object (integer-like keys first). */
  private readonly keys: Record<string, true> = Object.create(null) as Record<string, true>;
  private lastKey: string | undefined;
  /** A duplicate key's last value is the one JSON.parse keeps: each section is the latest one read. */
  private readonly sections = new Map<SectionName, Section>();
  private open: Section | undefined;
  private itemIsObject = false;
  private contextInArray = false;

  readonly listener: JsonListener = {
    maxDepth: 2,
    value: (depth, kind) => {
      if (depth === 0) this.top = kind;
      else if (depth === 1 && this.top === 'object') {
        const name = this.lastKey;
        if (name !== undefined && isSection(name)) {
          const section: Section = { size: 0, keys: kind === 'object' ? new Set() : undefined };
          this.sections.set(name, section);
          this.open = kind === 'scalar' ? undefined : section;
        } else this.open = undefined;
      } else if (depth === 1) this.itemIsObject = kind === 'object';
      // An element of an array section (an object section counts its distinct keys instead).
      else if (this.top === 'object' && this.open && this.open.keys === undefined) this.open.size += 1;
    },
    key: (depth, key) => {
      if (depth === 1) {
        this.keys[key] = true;
        this.lastKey = key;
      } else if (this.top === 'object') {
        if (this.open?.keys) {
          this.open.keys.add(key);
          this.open.size = this.open.keys.size;
        }
      } else if (this.itemIsObject && key === '@context') this.contextInArray = true;
    },
  };

  private sizeOf(name: SectionName): number {
    return this.sections.get(name)?.size ?? 0;
  }

  /** JSON is JSON-LD when its top-level object (or an object of its top-level array) has an @context (isJsonLd). */
  get jsonLd(): boolean {
    return this.top === 'object' ? '@context' in this.keys : this.contextInArray;
  }

  /** A top-level section of LinkML elements is not empty (the terms of such a source are read as LinkML). */
  get linkmlShaped(): boolean {
    return this.top === 'object' && SECTIONS.some((name) => this.sizeOf(name) > 0);
  }

  /** structureMetrics of the value the source holds. */
  structure(): StructureMetrics {
    const keys = Object.keys(this.keys);
    const metrics: StructureMetrics = { top_level_keys: keys.slice(0, MAX_LISTED_KEYS), top_level_key_count: keys.length };
    if (this.top === 'object' && (this.sizeOf('classes') > 0 || this.sizeOf('slots') > 0)) {
      metrics.linkml = { classes: this.sizeOf('classes'), slots: this.sizeOf('slots'), types: this.sizeOf('types'), enums: this.sizeOf('enums') };
    }
    return metrics;
  }
}
