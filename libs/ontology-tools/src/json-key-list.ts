// The keys of one JSON object as its metrics list them (structureMetrics: the first
// MAX_LISTED_KEYS of Object.keys, and how many distinct keys), from its keys as a stream reads
// them, in memory that does not grow with the object: the distinct keys are counted by
// fingerprint (fingerprint-table.ts: 8 bytes a key, the count short by one on a collision), and
// only the keys that can still be listed are kept. Object.keys of the object JSON.parse makes
// lists the array-index keys first, ascending, then the others where each first came.
import { Fingerprint } from './fingerprint.js';
import { FingerprintTable } from './fingerprint-table.js';

/** How many keys the metrics list (top_level_keys). */
export const MAX_LISTED_KEYS = 100;
/** Array indices are the canonical integers below 2³² - 1. */
const MAX_ARRAY_INDEX = 2 ** 32 - 2;

/** The key's array index, when it is one. */
function arrayIndexOf(key: string): number | undefined {
  if (key.length === 0 || key.length > 10 || (key.length > 1 && key.charCodeAt(0) === 0x30)) return undefined;
  for (let i = 0; i < key.length; i += 1) {
    const code = key.charCodeAt(i);
    if (code < 0x30 || code > 0x39) return undefined;
  }
  const index = Number(key);
  return index <= MAX_ARRAY_INDEX ? index : undefined;
}

export class JsonKeyList {
  private readonly distinct = new FingerprintTable();
  private readonly print = new Fingerprint();
  /** The smallest array-index keys, ascending, distinct. */
  private readonly indices: number[] = [];
  /** The first other keys, where each first came (while there are fewer than MAX_LISTED_KEYS, every other key seen is here). */
  private readonly names: string[] = [];

  add(key: string): void {
    this.distinct.add(this.print.reset().add(key));
    const index = arrayIndexOf(key);
    if (index === undefined) {
      if (this.names.length < MAX_LISTED_KEYS && !this.names.includes(key)) this.names.push(key);
      return;
    }
    const { indices } = this;
    if (indices.length === MAX_LISTED_KEYS && index > (indices[MAX_LISTED_KEYS - 1] as number)) return;
    let at = indices.length;
    while (at > 0 && (indices[at - 1] as number) > index) at -= 1;
    if (at > 0 && indices[at - 1] === index) return;
    indices.splice(at, 0, index);
    if (indices.length > MAX_LISTED_KEYS) indices.pop();
  }

  /** How many distinct keys. */
  get count(): number {
    return this.distinct.size;
  }

  /** The first MAX_LISTED_KEYS keys of Object.keys. */
  listed(): string[] {
    return [...this.indices.map(String), ...this.names].slice(0, MAX_LISTED_KEYS);
  }

  /** Key strings held (at most twice MAX_LISTED_KEYS, however many keys came). */
  get held(): number {
    return this.indices.length + this.names.length;
  }
}
