import { describe, expect, it } from 'vitest';
import { layeredLayout } from './elk-sync.js';

const nodes = [
  { id: 'a', width: 40, height: 20 },
  { id: 'b', width: 40, height: 20 },
  { id: 'c', width: 40, height: 20 },
];
const edges = [
  { id: 'ab', source: 'a', target: 'b' },
  { id: 'bc', source: 'b', target: 'c' },
  { id: 'dangling', source: 'a', target: 'missing' },
];

describe('layeredLayout', () => {
  it('when a chain is laid out then it runs left to right without overlaps', () => {
    const positions = layeredLayout(nodes, edges);
    expect(positions).toBeDefined();
    const [a, b, c] = ['a', 'b', 'c'].map((id) => positions?.get(id)?.x ?? NaN);
    expect(a).toBeLessThan(b ?? NaN);
    expect((b ?? 0) - (a ?? 0)).toBeGreaterThanOrEqual(40);
    expect(c).toBeGreaterThan(b ?? NaN);
  });

  it('when the same graph is laid out twice then the positions are identical', () => {
    expect([...(layeredLayout(nodes, edges) ?? [])]).toEqual([...(layeredLayout(nodes, edges) ?? [])]);
  });
});
