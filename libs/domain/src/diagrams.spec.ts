import { describe, expect, it } from 'vitest';
import { canDrawDiagram } from './diagrams.js';

describe('canDrawDiagram', () => {
  it('when the source is ORM then it can be drawn', () => {
    expect(canDrawDiagram('orm')).toBe(true);
  });

  it('when the source is in any other format then it cannot', () => {
    for (const format of ['turtle', 'owl', 'rdf', 'yaml', 'json', 'other', 'ORM', '']) expect(canDrawDiagram(format), format).toBe(false);
  });
});
