import { describe, expect, it } from 'vitest';
import { pageInfo, wouldCreateCycle } from './ontology-rules.js';

describe('wouldCreateCycle', () => {
  const parents: Record<string, string | null> = { a: null, b: 'a', c: 'b' };
  const parentOf = async (id: string) => parents[id] ?? null;

  it('when the new parent is a descendant then it is a cycle', async () => {
    expect(await wouldCreateCycle('a', 'c', parentOf)).toBe(true);
  });

  it('when the new parent is itself then it is a cycle', async () => {
    expect(await wouldCreateCycle('a', 'a', parentOf)).toBe(true);
  });

  it('when the new parent is unrelated or an ancestor then it is not', async () => {
    expect(await wouldCreateCycle('c', 'a', parentOf)).toBe(false);
  });
});

describe('pageInfo', () => {
  it('when there are 51 items in pages of 25 then there are 3 pages', () => {
    expect(pageInfo(1, 25, 51)).toEqual({ page: 1, per_page: 25, total: 51, total_pages: 3 });
    expect(pageInfo(1, 25, 0).total_pages).toBe(0);
  });
});

describe('escapeLikePattern', () => {
  it('when the text holds wildcards or backslashes then each is escaped', async () => {
    const { escapeLikePattern } = await import('./ontology-rules.js');
    expect(escapeLikePattern('100%_a\\b')).toBe('100\\%\\_a\\\\b');
  });
});
