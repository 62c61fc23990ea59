// Numbers the distinct values of JSON documents so that two values get the same number exactly
// when JSON Patch's "test" would call them equal (object key order aside). Each array or object
// is numbered once, from the numbers of its members, so numbering a document is linear in its
// size and comparing two subtrees afterwards costs one lookup, however deep they are.

export type ValueIdentity = {
  idOf(value: unknown): number;
  /** Arrays and objects numbered so far: the work numbering has cost. */
  readonly containers: number;
};

export function ownDefinedKeys(object: object): string[] {
  // JSON drops keys whose value is undefined; rfc6902 and JSON.stringify do the same.
  return Object.keys(object).filter((key) => (object as Record<string, unknown>)[key] !== undefined);
}

export function createValueIdentity(): ValueIdentity {
  // Map keys compare by SameValueZero: 1 and '1' stay apart, -0 meets 0 and NaN meets NaN,
  // as JSON equality wants; so strings, numbers and literals are their own keys.
  const byPrimitive = new Map<unknown, number>();
  const byShape = new Map<string, number>();
  const byContainer = new WeakMap<object, number>();
  let next = 0;
  let containers = 0;

  function intern<K>(map: Map<K, number>, key: K): number {
    let id = map.get(key);
    if (id === undefined) {
      id = next;
      next += 1;
      map.set(key, id);
    }
    return id;
  }

  function containerShape(value: object): string {
    if (Array.isArray(value)) return `a${value.map(idOf).join(',')}`;
    const record = value as Record<string, unknown>;
    // Keys are JSON strings so that no key can run into the next member's number.
    const members = ownDefinedKeys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${idOf(record[key])}`);
    return `o${members.join(',')}`;
  }

  function idOf(value: unknown): number {
    if (typeof value !== 'object' || value === null) return intern(byPrimitive, value);
    const known = byContainer.get(value);
    if (known !== undefined) return known;
    containers += 1;
    const id = intern(byShape, containerShape(value));
    byContainer.set(value, id);
    return id;
  }

  return {
    idOf,
    get containers() {
      return containers;
    },
  };
}
