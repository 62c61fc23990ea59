import { describe, expect, it } from 'vitest';
import { withinBudget } from './result-budget.js';

const page = (count: number, size: number) => ({
  ontologies: Array.from({ length: count }, (_, index) => ({ id: String(index), description: 'x'.repeat(size) })),
  total: 500,
  limit: count,
  offset: 40,
  has_more: true,
});

describe('withinBudget', () => {
  it('when a result fits then it is returned unchanged with its JSON text', () => {
    const result = withinBudget({ a: 1 }, 100);
    expect(result).toEqual({ ok: true, structured: { a: 1 }, text: '{"a":1}' });
  });

  it('when a list page would pass the budget then it keeps the items that fit and names the next offset', () => {
    const result = withinBudget(page(100, 2_000), 100_000);
    if (!result.ok) throw new Error('refused');
    const items = result.structured['ontologies'] as unknown[];
    expect(result.text.length).toBeLessThanOrEqual(100_000);
    expect(items.length).toBeGreaterThan(40);
    expect(items.length).toBeLessThan(100);
    expect(result.structured['next_offset']).toBe(40 + items.length);
    expect(result.structured['has_more']).toBe(true);
    expect(result.structured['page_shortened']).toBe(true);
    // One more item would not have fitted.
    expect(JSON.stringify(page(items.length + 1, 2_000)).length).toBeGreaterThan(100_000);
  });

  it('when not even one item fits then the result is refused with its size', () => {
    expect(withinBudget(page(2, 200_000), 100_000)).toEqual({ ok: false, chars: expect.any(Number) });
  });

  it('when a result that is not a list passes the budget then it is refused', () => {
    const result = withinBudget({ source: 'y'.repeat(200) }, 100);
    expect(result.ok).toBe(false);
  });
});
