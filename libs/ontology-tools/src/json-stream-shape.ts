// What the metrics and terms of a json source need of it, read from the streaming check's events
// (validateSourceStream builds no value, DESIGN 8): the top-level keys in Object.keys order, the
// sizes of the LinkML sections (classes, slots, types, enums) and whether it is JSON-LD. It holds
// the listed top-level keys and fingerprints of the distinct keys (json-key-list.ts) of the top
// level and of the latest section being read, never values: an object of millions of keys costs
// a few bytes a key.
import type { JsonListener } from '@oms/formats';
import { Fingerprint } from './fingerprint.js';
import { FingerprintTable } from './fingerprint-table.js';
import { JsonKeyList } from './json-key-list.js';
import type { StructureMetrics } from './metrics.js';

const SECTIONS = ['classes', 'slots', 'types', 'enums'] as const;
type SectionName = (typeof SECTIONS)[number];
const isSection = (name: string): name is SectionName => (SECTIONS as readonly string[]).includes(name);
/** An array section counts its elements; an object section its distinct keys. */
type Section = { size: number; keys: FingerprintTable | undefined };

export class JsonStreamShape {
  private top: 'object' | 'array' | 'scalar' | undefined;
  private readonly keys = new JsonKeyList();
  private hasContext = false;
  private readonly print = new Fingerprint();
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
          const section: Section = { size: 0, keys: kind === 'object' ? new FingerprintTable() : undefined };
          this.sections.set(name, section);
          this.open = kind === 'scalar' ? undefined : section;
        } else this.open = undefined;
      } else if (depth === 1) this.itemIsObject = kind === 'object';
      // An element of an array section (an object section counts its distinct keys instead).
      else if (this.top === 'object' && this.open && this.open.keys === undefined) this.open.size += 1;
    },
    key: (depth, key) => {
      if (depth === 1) {
        this.keys.add(key);
        if (key === '@context') this.hasContext = true;
        this.lastKey = key;
      } else if (this.top === 'object') {
        this.open?.keys?.add(this.print.reset().add(key));
      } else if (this.itemIsObject && key === '@context') this.contextInArray = true;
    },
  };

  private sizeOf(name: SectionName): number {
    const section = this.sections.get(name);
    return section?.keys ? section.keys.size : (section?.size ?? 0);
  }

  /** JSON is JSON-LD when its top-level object (or an object of its top-level array) has an @context (isJsonLd). */
  get jsonLd(): boolean {
    return this.top === 'object' ? this.hasContext : this.contextInArray;
  }

  /** A top-level section of LinkML elements is not empty (the terms of such a source are read as LinkML). */
  get linkmlShaped(): boolean {
    return this.top === 'object' && SECTIONS.some((name) => this.sizeOf(name) > 0);
  }

  /** Top-level key strings held (bounded, however many keys the object has). */
  get heldKeys(): number {
    return this.keys.held;
  }

  /** structureMetrics of the value the source holds. */
  structure(): StructureMetrics {
    const metrics: StructureMetrics = { top_level_keys: this.keys.listed(), top_level_key_count: this.keys.count };
    if (this.top === 'object' && (this.sizeOf('classes') > 0 || this.sizeOf('slots') > 0)) {
      metrics.linkml = { classes: this.sizeOf('classes'), slots: this.sizeOf('slots'), types: this.sizeOf('types'), enums: this.sizeOf('enums') };
    }
    return metrics;
  }
}
