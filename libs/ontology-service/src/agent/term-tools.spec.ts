import { describe, expect, it } from 'vitest';
import { fitTerm } from './term-tools.js';

const term = (overrides: Partial<Parameters<typeof fitTerm>[0]> = {}): Parameters<typeof fitTerm>[0] => ({
  iri: 'http://example.org/x#T',
  curie: null,
  kind: 'class',
  label: 'T',
  synonyms: [],
  definition: null,
  deprecated: false,
  ontology_id: '01a20588-be99-7578-b4d7-1f14c8b21904',
  ontology_title: 'X',
  version: '1.0.0',
  commit_id: '01a20588-be99-7578-b4d7-1f14c8b21905',
  url: 'http://127.0.0.1/api/v1/ontologies/x/term?iri=T',
  replaced_by: [],
  parents: [],
  ancestors: [],
  children_count: 0,
  annotations: [],
  ...overrides,
});
const size = (value: unknown) => JSON.stringify(value).length;

describe('fitTerm', () => {
  it('when the term fits then it is answered as it is, without truncation fields', () => {
    const small = term({ definition: 'short' });
    expect(fitTerm(small, 2_000)).toBe(small);
  });

  it('when annotations make it too large then it keeps the first annotations that fit and says so', () => {
    const annotations = Array.from({ length: 50 }, (_, index) => ({ property: 'http://example.org/note', value: `${index}`.padEnd(100, 'x') }));
    const fitted = fitTerm(term({ annotations, synonyms: ['a', 'b'] }), 3_000);
    expect(size(fitted)).toBeLessThanOrEqual(3_000);
    expect(fitted.truncated).toEqual(['annotations']);
    expect(fitted.annotations_total).toBe(50);
    expect(fitted.annotations.length).toBeGreaterThan(10);
    expect(fitted.annotations).toEqual(annotations.slice(0, fitted.annotations.length));
    expect(fitted.synonyms).toEqual(['a', 'b']);
  });

  it('when even without annotations, synonyms and ancestors it is too large then the definition is cut to fit', () => {
    const fitted = fitTerm(term({ synonyms: ['s'.repeat(500)], ancestors: [{ iri: 'a'.repeat(500), curie: null, label: null }], definition: 'd'.repeat(5_000) }), 1_500);
    expect(size(fitted)).toBeLessThanOrEqual(1_500);
    expect(fitted.truncated).toEqual(['annotations', 'synonyms', 'ancestors', 'definition']);
    expect(fitted.synonyms).toEqual([]);
    expect(fitted.definition?.length).toBeGreaterThan(500);
    expect('d'.repeat(5_000).startsWith(fitted.definition ?? 'x')).toBe(true);
  });

  it('when the definition is cut then it never ends on half of a surrogate pair', () => {
    for (let max = 600; max < 700; max += 1) {
      const fitted = fitTerm(term({ definition: '😀'.repeat(400) }), max);
      expect(fitted.definition?.isWellFormed(), String(max)).toBe(true);
    }
  });
});
