import { describe, expect, it } from 'vitest';
import { comparisonText, frequencyText, ringText, valueConstraintText } from './constraint-text.js';
import type { OrmConstraint } from './model.js';

const base: OrmConstraint = { id: 'c', name: 'c', kind: 'value', isInternal: true, modality: 'alethic', roleSequences: [] };

describe('constraint texts', () => {
  it('when values are words then they are quoted, numbers and ranges are not', () => {
    const constraint = { ...base, valueRanges: [{ min: 'Dr', max: 'Dr' }, { min: '1', max: '10' }, { min: '0', max: '5', minInclusion: 'open' as const }] };
    expect(valueConstraintText(constraint)).toBe("{'Dr', 1..10, (0..5}");
  });

  it('when the value type is numeric then values stay unquoted', () => {
    expect(valueConstraintText({ ...base, valueRanges: [{ min: 'x1', max: 'x1' }] }, true)).toBe('{x1}');
  });

  it('when frequencies are bounded on one or both sides then the range reads naturally', () => {
    expect(frequencyText({ ...base, kind: 'frequency', minFrequency: 2 })).toBe('≥ 2');
    expect(frequencyText({ ...base, kind: 'frequency', maxFrequency: 3 })).toBe('≤ 3');
    expect(frequencyText({ ...base, kind: 'frequency', minFrequency: 2, maxFrequency: 2 })).toBe('2');
    expect(frequencyText({ ...base, kind: 'frequency', minFrequency: 2, maxFrequency: 5 })).toBe('2..5');
  });

  it('when ring types combine words then each is abbreviated', () => {
    expect(ringText('AcyclicIntransitive')).toBe('ac it');
    expect(ringText('Irreflexive')).toBe('ir');
    expect(ringText('StronglyIntransitive')).toBe('sit');
    expect(ringText(undefined)).toBe('');
  });

  it('when a comparison operator is known then its symbol is used', () => {
    expect(comparisonText('LessThanOrEqual')).toBe('≤');
    expect(comparisonText('Unknown')).toBe('?');
  });
});
