import { describe, expect, it } from 'vitest';
import { yamlDepthExceeded } from './yaml-depth.js';

describe('yamlDepthExceeded', () => {
  it('when an ordinary schema is nested a few levels then nothing is reported', () => {
    const text = 'classes:\n  Person:\n    slots:\n      - name\n      - age\n    attributes: {a: [1, 2]}\n';
    expect(yamlDepthExceeded(text, 5)).toBeUndefined();
  });

  it('when flow collections nest past the limit then the first bracket too deep is reported', () => {
    expect(yamlDepthExceeded('a: [[[[x]]]]', 3)).toBe(6);
  });

  it('when sequences are nested on one line then each dash counts as a level', () => {
    expect(yamlDepthExceeded('- - - - x\n', 3)).toBe(6);
  });

  it('when block mappings indent further on each line then each indentation counts as a level', () => {
    const text = Array.from({ length: 10 }, (_, index) => `${' '.repeat(index)}k:`).join('\n');
    expect(yamlDepthExceeded(text, 5)).toBeDefined();
    expect(yamlDepthExceeded(text, 10)).toBeUndefined();
  });

  it('when brackets sit in quoted strings, comments or block scalars then they do not count', () => {
    const text = "a: '[[[[['\nb: \"{{{{{\" # [[[[[\nc: |\n  [[[[[\n  {{{{{\nd: x\n";
    expect(yamlDepthExceeded(text, 2)).toBeUndefined();
  });

  it('when a block scalar hides no quote trick then brackets after it still count', () => {
    expect(yamlDepthExceeded("a: |\n  'x\nb: [[[[1]]]]\n", 3)).toBeDefined();
  });

  it('when input is 100,000 levels deep then it is reported quickly', () => {
    expect(yamlDepthExceeded('['.repeat(100_000), 500)).toBe(500);
    expect(yamlDepthExceeded('- '.repeat(100_000), 500)).toBe(1000);
  });
});
