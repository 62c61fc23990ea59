import { describe, expect, it } from 'vitest';
import { termChanges } from './term-changes.js';
import type { OntologyTerm } from './term.js';

const term = (iri: string, fields: Partial<OntologyTerm> = {}): OntologyTerm => ({
  iri,
  curie: null,
  kind: 'class',
  label: iri.toUpperCase(),
  synonyms: [],
  definition: null,
  deprecated: false,
  replaced_by: [],
  parents: [],
  annotations: [],
  ...fields,
});
const { annotations: _unused, ...summary } = term('x');

describe('termChanges', () => {
  it('when there is no earlier version then every term is added, sorted by IRI', () => {
    const { changes, summary: counts } = termChanges(null, [term('b', { deprecated: true }), term('a')]);
    expect(changes.map((change) => [change.iri, change.change, change.fields, change.before])).toEqual([
      ['a', 'added', [], null],
      ['b', 'added', [], null],
    ]);
    expect(counts).toEqual({ added: 2, changed: 0, removed: 0, deprecated: 0 });
  });

  it('when terms are added, removed and changed then each is reported once with the fields that differ', () => {
    const before = [term('a'), term('b', { synonyms: ['x', 'y'], parents: ['p', 'q'] }), term('c'), term('d', { annotations: [{ property: 'p', value: 'v' }] })];
    const after = [
      term('b', { synonyms: ['y', 'x'], parents: ['q', 'p'], label: 'new label', definition: 'now defined' }),
      term('c', { kind: 'individual', replaced_by: ['z'], parents: ['p'] }),
      term('d', { curie: 'ex:d' }),
      term('e'),
    ];
    const { changes, summary: counts } = termChanges(before, after);
    expect(changes.map((change) => [change.iri, change.change, change.fields])).toEqual([
      ['a', 'removed', []],
      ['b', 'changed', ['label', 'definition']],
      ['c', 'changed', ['parents', 'kind', 'replaced_by']],
      ['e', 'added', []],
    ]);
    expect(counts).toEqual({ added: 1, changed: 2, removed: 1, deprecated: 0 });
    expect(changes[0]?.after).toBeNull();
    expect(changes[1]?.before).toEqual({ ...summary, iri: 'b', label: 'B', synonyms: ['x', 'y'], parents: ['p', 'q'] });
    expect(changes[1]?.after).not.toHaveProperty('annotations');
  });

  it('when a term becomes deprecated then it counts in changed and in deprecated, and not when it stops being', () => {
    const { changes, summary: counts } = termChanges([term('a'), term('b', { deprecated: true })], [term('a', { deprecated: true }), term('b')]);
    expect(changes.map((change) => change.fields)).toEqual([['deprecated'], ['deprecated']]);
    expect(counts).toEqual({ added: 0, changed: 2, removed: 0, deprecated: 1 });
  });

  it('when synonyms change only in multiplicity or every field changes then the fields come in their fixed order', () => {
    const before = term('a', { synonyms: ['x'] });
    const after = term('a', { label: 'L', synonyms: ['x', 'x2'], definition: 'd', parents: ['p'], kind: 'concept', deprecated: true, replaced_by: ['r'] });
    expect(termChanges([before], [after]).changes[0]?.fields).toEqual(['label', 'synonyms', 'definition', 'parents', 'kind', 'deprecated', 'replaced_by']);
  });

  it('when input is not sorted or repeats an IRI then it is sorted first and the first of each IRI counts', () => {
    const { changes } = termChanges([term('c'), term('a')], [term('b'), term('a', { label: 'first' }), term('a', { label: 'A' })]);
    expect(changes.map((change) => [change.iri, change.change])).toEqual([
      ['a', 'changed'],
      ['b', 'added'],
      ['c', 'removed'],
    ]);
  });

  it('when versions are large then the changes take linear time (a quadratic walk would take hours here)', () => {
    const size = 200_000;
    const before = Array.from({ length: size }, (_, index) => term(`http://e.org/${String(index).padStart(7, '0')}`));
    const after = before.map((each, index) => (index % 100 === 0 ? { ...each, label: 'changed' } : each));
    const started = performance.now();
    const { summary: counts } = termChanges(before, after);
    expect(counts.changed).toBe(size / 100);
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});
