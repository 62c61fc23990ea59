// Converted downloads, kept in memory by commit hash and target: commits never change, so an
// entry never goes stale. Bounded by total characters (least recently used go first); a
// conversion in progress is shared by everyone asking for it meanwhile.
export type ConversionCache = {
  get(key: string, convert: () => Promise<string>): Promise<string>;
  readonly size: number;
};

export function createConversionCache(options: { maxChars?: number; maxEntryChars?: number } = {}): ConversionCache {
  const maxChars = options.maxChars ?? 64 * 1024 * 1024;
  const maxEntryChars = options.maxEntryChars ?? 16 * 1024 * 1024;
  const entries = new Map<string, string>();
  const pending = new Map<string, Promise<string>>();
  let chars = 0;

  const remember = (key: string, value: string) => {
    if (value.length > maxEntryChars) return;
    entries.set(key, value);
    chars += value.length;
    for (const [oldest, text] of entries) {
      if (chars <= maxChars) break;
      entries.delete(oldest);
      chars -= text.length;
    }
  };

  return {
    get size() {
      return entries.size;
    },
    async get(key, convert) {
      const hit = entries.get(key);
      if (hit !== undefined) {
        // Map order is insertion order: re-inserting marks the entry as recently used.
        entries.delete(key);
        entries.set(key, hit);
        return hit;
      }
      const running = pending.get(key);
      if (running) return running;
      const work = convert().then((value) => {
        remember(key, value);
        return value;
      });
      pending.set(key, work);
      try {
        return await work;
      } finally {
        pending.delete(key);
      }
    },
  };
}
