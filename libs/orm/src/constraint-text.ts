// The short texts constraints carry on a diagram: value lists "{'Dr', 'Prof'}", frequency
// ranges "≥ 2", ring abbreviations "ac it" and comparison operators.
import type { OrmConstraint, ValueRange } from './model.js';

const NUMBER = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;

function value(text: string, numeric: boolean): string {
  return numeric || NUMBER.test(text) ? text : `'${text}'`;
}

function range(item: ValueRange, numeric: boolean): string {
  if (item.min === item.max) return value(item.min, numeric);
  const open = item.minInclusion === 'open' ? '(' : item.minInclusion === 'closed' ? '[' : '';
  const close = item.maxInclusion === 'open' ? ')' : item.maxInclusion === 'closed' ? ']' : '';
  const low = item.min === '' ? '' : value(item.min, numeric);
  const high = item.max === '' ? '' : value(item.max, numeric);
  return `${open}${low}..${high}${close}`;
}

/** "{'Dr', 'Prof'}" or "{1..10}"; `numeric` keeps quotes off values of number data types. */
export function valueConstraintText(constraint: OrmConstraint, numeric = false): string {
  return `{${(constraint.valueRanges ?? []).map((item) => range(item, numeric)).join(', ')}}`;
}

export function frequencyText(constraint: OrmConstraint): string {
  const { minFrequency: min, maxFrequency: max } = constraint;
  if (min !== undefined && max !== undefined) return min === max ? String(min) : `${min}..${max}`;
  if (min !== undefined) return `≥ ${min}`;
  if (max !== undefined) return `≤ ${max}`;
  return '';
}

const RING_WORDS: Record<string, string> = {
  Irreflexive: 'ir',
  Asymmetric: 'as',
  Antisymmetric: 'ans',
  Acyclic: 'ac',
  Intransitive: 'it',
  Symmetric: 'sym',
  Reflexive: 'rf',
  Transitive: 'tr',
};
const RING_PREFIXES: Record<string, string> = { Strongly: 's', Purely: 'p', Locally: 'l' };

/** "AcyclicIntransitive" → "ac it", "StronglyIntransitive" → "sit". */
export function ringText(type: string | undefined): string {
  const words = (type ?? '').match(/[A-Z][a-z]*/g) ?? [];
  const parts: string[] = [];
  let prefix = '';
  for (const word of words) {
    const modifier = RING_PREFIXES[word];
    if (modifier !== undefined) {
      prefix += modifier;
      continue;
    }
    parts.push(prefix + (RING_WORDS[word] ?? word.slice(0, 2).toLowerCase()));
    prefix = '';
  }
  return parts.join(' ');
}

const OPERATORS: Record<string, string> = {
  LessThan: '<',
  LessThanOrEqual: '≤',
  GreaterThan: '>',
  GreaterThanOrEqual: '≥',
  Equal: '=',
  NotEqual: '≠',
};

export function comparisonText(operator: string | undefined): string {
  return OPERATORS[operator ?? ''] ?? '?';
}
