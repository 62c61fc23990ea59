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
  const byShape = new Map<string, number>();
  const byContainer = new WeakMap<object, number>();
  let containers = 0;

  const intern = (shape: string): number => {
    let id = byShape.get(shape);
    if (id === undefined) {
      id = byShape.size;
      byShape.set(shape, id);
    }
    return id;
  };

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
    switch (typeof value) {
      case 'string':
        return intern(`s${value}`);
      case 'number':
        // -0 equals 0 in JSON; NaN and the infinities (YAML has them) each equal themselves.
        return intern(`n${Object.is(value, -0) ? 0 : value}`);
      case 'boolean':
        return intern(value ? 't' : 'f');
      case 'object': {
        if (value === null) return intern('z');
        const known = byContainer.get(value);
        if (known !== undefined) return known;
        containers += 1;
        const id = intern(containerShape(value));
        byContainer.set(value, id);
        return id;
      }
      default:
        // Not a JSON value (undefined, bigint, a function): equal only to itself by kind and text.
        return intern(`${typeof value}:${String(value)}`);
    }
  }

  return {
    idOf,
    get containers() {
      return containers;
    },
  };
}
