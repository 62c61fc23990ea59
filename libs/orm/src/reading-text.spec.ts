import { describe, expect, it } from 'vitest';
import type { OrmFactType } from './model.js';
import { readingText } from './reading-text.js';

function factType(orders: [string[], string][]): OrmFactType {
  const roleIds = [...new Set(orders.flatMap(([ids]) => ids))];
  return {
    id: 'f',
    name: 'f',
    roles: roleIds.map((id) => ({ id, name: '', factTypeId: 'f', isMandatory: false, isUnique: false, constraintIds: [] })),
    readingOrders: orders.map(([ids, text], index) => ({ id: `o${index}`, roleIds: ids, readings: [text] })),
    internalConstraintIds: [],
    isUnary: roleIds.length === 1,
  };
}

describe('readingText', () => {
  it('when a binary reads forward only then just the predicate is shown', () => {
    expect(readingText(factType([[['a', 'b'], '{0} has {1}']]), ['a', 'b'])).toBe('has');
  });

  it('when a binary reads both ways then both predicates are shown', () => {
    expect(readingText(factType([[['a', 'b'], '{0} has {1}'], [['b', 'a'], '{0} is of {1}']]), ['a', 'b'])).toBe('has / is of');
  });

  it('when the only reading runs against the display order then it gets an arrow', () => {
    expect(readingText(factType([[['a', 'b'], '{0} has {1}']]), ['b', 'a'])).toBe('◄ has');
  });

  it('when a unary is read then its placeholder is dropped', () => {
    expect(readingText(factType([[['a'], '{0} smokes']]), ['a'])).toBe('smokes');
  });

  it('when a ternary is read then each placeholder becomes an ellipsis', () => {
    expect(readingText(factType([[['a', 'b', 'c'], '{0} was born in {1} as {2}']]), ['a', 'b', 'c'])).toBe('… was born in … as …');
  });

  it('when a fact type has no reading then there is no text', () => {
    expect(readingText(factType([[['a', 'b'], '']]), ['a', 'b'])).toBeUndefined();
  });
});
