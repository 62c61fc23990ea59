import { describe, expect, it } from 'vitest';
import { SAMPLE_ORM, SAMPLE_WITHOUT_DIAGRAMS } from '../test/sample-orm.js';
import { drawnBoxes } from './layout-bounds.js';
import { layoutDiagram } from './layout-diagram.js';
import type { Box, DiagramLayout } from './layout-types.js';
import { parseOrm } from './parse-orm.js';

const model = parseOrm(SAMPLE_ORM);
const main = layoutDiagram(model);
const inside = (box: Box, frame: Box) =>
  box.x >= frame.x - 1e-6 && box.y >= frame.y - 1e-6 && box.x + box.width <= frame.x + frame.width + 1e-6 && box.y + box.height <= frame.y + frame.height + 1e-6;
const everythingInside = (layout: DiagramLayout) => drawnBoxes(layout).every((box) => inside(box, layout.viewBox));

describe('layoutDiagram', () => {
  it('when no diagram is named then the first one is drawn at its saved bounds (96 px per inch)', () => {
    expect(main).toMatchObject({ name: 'Main', diagramIndex: 0 });
    const person = main.objectTypes.find((node) => node.objectTypeId === '_Person');
    expect(person).toMatchObject({ name: 'Person', referenceMode: '.id', kind: 'entity', computed: false });
    expect(person?.box.x).toBeCloseTo(96);
    expect(person?.box.y).toBeCloseTo(96);
  });

  it('when a diagram is asked for by name or index then that one is drawn', () => {
    expect(layoutDiagram(model, { diagram: 'Second' }).diagramIndex).toBe(1);
    expect(layoutDiagram(model, { diagram: 1 }).objectTypes).toHaveLength(1);
  });

  it('when the diagram does not exist then the error lists the ones that do', () => {
    expect(() => layoutDiagram(model, { diagram: 'Nope' })).toThrow(/no diagram "Nope"; the model has 2: "Main", "Second"/);
    expect(() => layoutDiagram(model, { diagram: 7 })).toThrow(RangeError);
  });

  it('when a reference mode is collapsed then its value type and fact type are not drawn', () => {
    expect(main.objectTypes.some((node) => node.objectTypeId === '_PersonId')).toBe(false);
    expect(main.factTypes.some((node) => node.factTypeId === '_F_pid')).toBe(false);
  });

  it('when connectors are rebuilt then roles, subtypes, constraints and notes are linked', () => {
    const kinds = main.links.reduce<Record<string, number>>((counts, link) => ({ ...counts, [link.kind]: (counts[link.kind] ?? 0) + 1 }), {});
    // 2 + 1 + 3 + 2 role boxes; the subtype arrow; one constraint line per fact type: 2+2+2+2+1+1; the note.
    expect(kinds).toEqual({ role: 8, subtype: 1, constraint: 10, note: 1 });
    expect(main.links.filter((link) => link.mandatory).map((link) => link.constraintId)).toEqual(['_mc_name']);
    expect(main.links.find((link) => link.kind === 'subtype')).toMatchObject({ arrow: true });
    expect(main.links.filter((link) => link.arrow && link.kind === 'constraint')).toHaveLength(1);
  });

  it('when external constraints are placed then each gets its ORM2 symbol', () => {
    const symbols = Object.fromEntries(main.constraints.map((node) => [node.constraintId, node.symbol]));
    expect(symbols).toEqual({ _xuc: 'uniqueness', _ior: 'exclusiveOr', _subset: 'subset', _eq: 'equality', _freq: 'frequency', _ring: 'ring' });
    expect(main.constraints.find((node) => node.symbol === 'ring')?.label).toBe('ac it');
  });

  it('when a fact type is shown vertically then its roles stack and the bars stand beside them', () => {
    const born = main.factTypes.find((node) => node.factTypeId === '_F_born');
    expect(born?.vertical).toBe(true);
    const [first, second] = born?.roles ?? [];
    expect(first?.box.x).toBeCloseTo(second?.box.x ?? NaN);
    expect(second?.box.y).toBeGreaterThan(first?.box.y ?? Infinity);
    expect(born?.bars[0]?.segments[0]?.x1).toBeLessThan(first?.box.x ?? -Infinity);
  });

  it('when anything is drawn then it lies inside the viewBox with a margin', () => {
    expect(everythingInside(main)).toBe(true);
    expect(main.viewBox.x).toBeLessThan(Math.min(...drawnBoxes(main).map((box) => box.x)));
  });

  it('when the file has no diagram then every element gets a computed place', () => {
    const computed = layoutDiagram(parseOrm(SAMPLE_WITHOUT_DIAGRAMS));
    expect(computed.diagramIndex).toBeNull();
    expect(computed.objectTypes.map((node) => node.name).sort()).toEqual(['Employee !', 'Name <b>& Co', 'Person', 'Year']);
    expect(computed.factTypes).toHaveLength(4);
    expect(computed.constraints).toHaveLength(6);
    expect(computed.objectTypes.every((node) => node.computed)).toBe(true);
    expect(everythingInside(computed)).toBe(true);
  });

  it('when the same model is laid out twice then the layouts are identical', () => {
    expect(layoutDiagram(parseOrm(SAMPLE_WITHOUT_DIAGRAMS))).toEqual(layoutDiagram(parseOrm(SAMPLE_WITHOUT_DIAGRAMS)));
  });

  it('when the model is empty then the picture says so instead of being blank', () => {
    const empty = layoutDiagram(parseOrm('<ORMModel xmlns="http://schemas.neumont.edu/ORM/2006-04/ORMCore" id="m" Name="Nothing"/>'));
    expect(empty.labels.map((label) => label.text)).toEqual(['Empty diagram: Nothing']);
    expect(empty.viewBox.width).toBeGreaterThan(0);
  });
});
