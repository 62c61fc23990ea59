// Converted downloads, kept in memory by commit hash and target: commits never change, so an
// entry never goes stale. Kept as the UTF-8 bytes that are sent, so a hit is written out without
// encoding it again. Bounded by total bytes (least recently used go first); a conversion in
// progress is shared by everyone asking for it meanwhile.
export type ConversionCache = {
  get(key: string, convert: () => Promise<Buffer>): Promise<Buffer>;
  readonly size: number;
};

export function createConversionCache(options: { maxBytes?: number; maxEntryBytes?: number } = {}): ConversionCache {
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  const maxEntryBytes = options.maxEntryBytes ?? 16 * 1024 * 1024;
  const entries = new Map<string, Buffer>();
  const pending = new Map<string, Promise<Buffer>>();
  let bytes = 0;

  const remember = (key: string, value: Buffer) => {
    if (value.length > maxEntryBytes) return;
    entries.set(key, value);
    bytes += value.length;
    for (const [oldest, body] of entries) {
      if (bytes <= maxBytes) break;
      entries.delete(oldest);
      bytes -= body.length;
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
