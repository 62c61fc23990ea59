import { applyPatch, createPatch, type Operation } from 'rfc6902';
import { describe, expect, it } from 'vitest';
import { createStructurePatch, diffStructures, MAX_ARRAY_CELLS, MAX_DOCUMENT_CELLS, type JsonPatchOperation } from './structure-diff.js';

/** `to` again, rebuilt by applying the patch to a copy of `from`. */
function patched(from: unknown, operations: JsonPatchOperation[]): unknown {
  const document = { root: structuredClone(from) };
  const rooted = operations.map((operation) => ({ ...operation, path: `/root${operation.path}` }) as Operation);
  const errors = applyPatch(document, rooted).filter((error) => error !== null);
  if (errors.length > 0) throw new Error(`the patch does not apply: ${String(errors[0])}`);
  return document.root;
}

const nested = (depth: number, leaf: unknown): unknown => {
  let value = leaf;
  for (let level = 0; level < depth; level += 1) value = [value];
  return value;
};

/** A small seeded generator (mulberry32), so a failing case can be replayed. */
function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const below = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[below(items.length)] as T;
  const KEYS = ['a', 'b', 'c', 'd', 'x/y', 'm~n', ''];
  const leaf = (): unknown => pick<() => unknown>([() => below(4), () => pick(['p', 'q', 'r']), () => null, () => next() < 0.5])();
  const value = (depth: number): unknown => {
    if (depth <= 0 || next() < 0.3) return leaf();
    if (next() < 0.5) return Array.from({ length: below(5) }, () => value(depth - 1));
    return Object.fromEntries(Array.from({ length: below(4) }, () => [pick(KEYS), value(depth - 1)]));
  };
  /** A copy of `input` with a few random edits at any depth. */
  const edit = (input: unknown, depth: number): unknown => {
    if (next() < 0.15) return value(depth);
    if (Array.isArray(input)) {
      const items = input.map((item) => (next() < 0.3 ? edit(item, depth - 1) : item));
      if (next() < 0.3) items.splice(below(items.length + 1), 0, value(depth - 1));
      if (next() < 0.3 && items.length > 0) items.splice(below(items.length), 1);
      if (next() < 0.2 && items.length > 1) items.push(items.shift());
      return items;
    }
    if (typeof input === 'object' && input !== null) {
      const record: Record<string, unknown> = Object.fromEntries(Object.entries(input).map(([key, item]) => [key, next() < 0.3 ? edit(item, depth - 1) : item]));
      if (next() < 0.3) record[pick(KEYS)] = value(depth - 1);
      if (next() < 0.2) delete record[pick(Object.keys(record).concat('none'))];
      return record;
    }
    return next() < 0.5 ? leaf() : input;
  };
  return { value, edit, below };
}

describe('diffStructures', () => {
  it.each([25, 200, 500])('when single-item arrays nest %i deep then the diff does work linear in the depth, in well under 5 s', (depth) => {
    const from = nested(depth, 1);
    const to = nested(depth, 2);
    const started = performance.now();
    const patch = createStructurePatch(from, to);
    expect(performance.now() - started).toBeLessThan(5_000);
    // Each level: two arrays numbered, one pair compared, a 2 x 2 alignment table.
    expect(patch.work).toBeLessThanOrEqual(8 * (depth + 1));
    expect(patch.operations).toEqual([{ op: 'replace', path: `/${Array(depth).fill('0').join('/')}`, value: 2 }]);
    expect(patched(from, patch.operations)).toEqual(to);
  });

  it('when arrays of objects nest deep and change at the bottom then the work stays linear', () => {
    const build = (depth: number, leaf: string): unknown => (depth === 0 ? leaf : [{ id: depth, items: [build(depth - 1, leaf), 'same'] }, 'tail']);
    const from = build(60, 'old');
    const to = build(60, 'new');
    const patch = createStructurePatch(from, to);
    expect(patch.operations).toHaveLength(1);
    expect(patch.work).toBeLessThan(60 * 30);
    expect(patched(from, patch.operations)).toEqual(to);
  });

  it('when random JSON documents are edited at random then every patch turns the older into the newer', () => {
    for (let seed = 1; seed <= 400; seed += 1) {
      const random = randomSource(seed);
      const from = random.value(5);
      const to = random.edit(from, 5);
      const { changes, truncated } = diffStructures(from, to);
      expect(truncated).toBe(false);
      expect({ seed, result: patched(from, changes) }).toEqual({ seed, result: to });
      expect(diffStructures(to, structuredClone(to)).changes).toEqual([]);
    }
  });

  it('when lists of words are edited at random then the patch is as short as the fewest edits (what rfc6902 finds)', () => {
    for (let seed = 1; seed <= 300; seed += 1) {
      const random = randomSource(seed);
      const words = () => Array.from({ length: random.below(12) }, () => 'abcd'.charAt(random.below(4)));
      const from = words();
      const to = words();
      const { changes } = diffStructures(from, to);
      expect({ seed, operations: changes.length }).toEqual({ seed, operations: createPatch(from, to).length });
      expect(patched(from, changes)).toEqual(to);
    }
  });

  it('when members change then the operations keep their shape: removals, additions, then changed members, with escaped paths', () => {
    const from = { gone: 1, 'a/b': { 'c~d': 'x' }, list: [1, 2, 3], same: [{ k: 1 }] };
    const to = { 'a/b': { 'c~d': 'y' }, list: [1, 3, 4], same: [{ k: 1 }], added: true };
    expect(diffStructures(from, to).changes).toEqual([
      { op: 'remove', path: '/gone' },
      { op: 'add', path: '/added', value: true },
      { op: 'replace', path: '/a~1b/c~0d', value: 'y' },
      { op: 'remove', path: '/list/1' },
      { op: 'add', path: '/list/-', value: 4 },
    ]);
  });

  it('when objects hold the same members in another order then nothing changed', () => {
    expect(diffStructures({ a: [1, { b: 2, c: [3] }], d: null }, { d: null, a: [1, { c: [3], b: 2 }] }).changes).toEqual([]);
    expect(diffStructures([0, 'x'], [-0, 'x']).changes).toEqual([]);
    expect(diffStructures({ a: 1 }, { a: '1' }).changes).toEqual([{ op: 'replace', path: '/a', value: '1' }]);
  });

  it('when one item of a long list changes then only that item is patched, not the list', () => {
    const from = Array.from({ length: 10_000 }, (_, index) => ({ name: `item ${index}` }));
    const to = from.map((item, index) => (index === 5_000 ? { name: 'renamed' } : item));
    expect(diffStructures(from, to).changes).toEqual([{ op: 'replace', path: '/5000/name', value: 'renamed' }]);
  });

  it('when a changed list needs more alignment cells than the bound then it is replaced whole', () => {
    const side = Math.ceil(Math.sqrt(MAX_ARRAY_CELLS));
    const from = Array.from({ length: side }, (_, index) => `a${index}`);
    const to = Array.from({ length: side }, (_, index) => `b${index}`);
    expect(diffStructures(from, to).changes).toEqual([{ op: 'replace', path: '', value: to }]);
  });

  it('when the lists of one document together need more cells than the document bound then the later ones are replaced whole', () => {
    const side = 1_900;
    const perList = (side + 1) ** 2;
    const lists = Math.floor(MAX_DOCUMENT_CELLS / perList) + 1;
    const from = Array.from({ length: lists }, (_, list) => Array.from({ length: side }, (_, index) => `a${list}.${index}`));
    const to = Array.from({ length: lists }, (_, list) => Array.from({ length: side }, (_, index) => `b${list}.${index}`));
    const patch = createStructurePatch(from, to);
    expect(patch.operations).toHaveLength((lists - 1) * side + 1);
    expect(patch.operations.at(-1)).toEqual({ op: 'replace', path: `/${lists - 1}`, value: to[lists - 1] });
    expect(patched(from, patch.operations)).toEqual(to);
  });

  it('when the older side is missing then the whole document is added at the root', () => {
    expect(diffStructures(undefined, { a: 1 }, { limit: 0 })).toEqual({
      kind: 'json-patch',
      summary: { operations: 1, added: 1, removed: 0, replaced: 0, moved: 0, copied: 0 },
      changes: [],
      truncated: true,
    });
  });
});
