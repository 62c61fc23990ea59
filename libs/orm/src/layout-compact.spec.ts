import { describe, expect, it } from 'vitest';
import { closeGaps, compactDiagram, MAX_GAP } from './layout-compact.js';
import { layoutDiagram } from './layout-diagram.js';
import type { OrmDiagram, OrmShape } from './model.js';
import { parseBounds } from './parse-diagrams.js';
import { parseOrm } from './parse-orm.js';

const shape = (id: string, x: number, y: number, relative: OrmShape['relative'] = []): OrmShape => ({
  id,
  kind: 'objectType',
  subjectId: id,
  bounds: { x, y, width: 1, height: 0.5 },
  expandRefMode: false,
  orientation: 'horizontal',
  constraintPosition: 'top',
  displayRoleNames: true,
  roleDisplayOrder: [],
  relative,
});
const diagram = (shapes: OrmShape[]): OrmDiagram => ({ id: 'd', name: 'D', isCompleteView: false, shapes });

const ORM = (far: string) => `<ormRoot:ORM2 xmlns:orm="http://schemas.neumont.edu/ORM/2006-04/ORMCore" xmlns:ormDiagram="http://schemas.neumont.edu/ORM/2006-04/ORMDiagram" xmlns:ormRoot="http://schemas.neumont.edu/ORM/2006-04/ORMRoot">
<orm:ORMModel id="_m" Name="M"><orm:Objects><orm:EntityType id="_a" Name="A"/><orm:EntityType id="_b" Name="B"/></orm:Objects></orm:ORMModel>
<ormDiagram:ORMDiagram id="_d" Name="D"><ormDiagram:Shapes>
<ormDiagram:ObjectTypeShape id="_s1" AbsoluteBounds="1, 1, 0.5, 0.3"><ormDiagram:Subject ref="_a"/></ormDiagram:ObjectTypeShape>
<ormDiagram:ObjectTypeShape id="_s2" AbsoluteBounds="${far}"><ormDiagram:Subject ref="_b"/></ormDiagram:ObjectTypeShape>
</ormDiagram:Shapes></ormDiagram:ORMDiagram></ormRoot:ORM2>`;

describe('compactDiagram', () => {
  it('when spans leave wide empty bands then later spans move back so each band is at most the gap', () => {
    expect(closeGaps([{ low: 0, high: 1 }, { low: 100, high: 101 }, { low: 0.5, high: 3 }, { low: 1000, high: 1001 }], 8)).toEqual([0, 89, 0, 89 + 891]);
  });

  it('when one shape lies far from the rest then it is moved next to them, keeping its side', () => {
    const compacted = compactDiagram(diagram([shape('a', 1, 1), shape('b', 3, 1), shape('far', 500_000, -400_000)]));
    const [a, b, far] = compacted.shapes.map((each) => each.bounds ?? { x: NaN, y: NaN, width: 0, height: 0 });
    // Right of the others and above them, each by the largest gap kept.
    expect((far?.x ?? 0) - ((b?.x ?? 0) + (b?.width ?? 0))).toBeCloseTo(MAX_GAP);
    expect((a?.y ?? 0) - ((far?.y ?? 0) + (far?.height ?? 0))).toBeCloseTo(MAX_GAP);
    expect((b?.x ?? 0) - (a?.x ?? 0)).toBeCloseTo(2);
  });

  it('when the shapes are close together then the diagram is returned unchanged', () => {
    const close = diagram([shape('a', 1, 1), shape('b', 5, 4)]);
    expect(compactDiagram(close)).toBe(close);
  });

  it('when a relative shape lies far from its shape then its bounds are dropped and the others move along', () => {
    const reading = { id: 'r', kind: 'reading' as const, subjectId: 'x', bounds: { x: 1e5, y: 1e5, width: 1, height: 0.2 } };
    const near = { id: 'n', kind: 'reading' as const, subjectId: 'y', bounds: { x: 101, y: 1.6, width: 1, height: 0.2 } };
    const compacted = compactDiagram(diagram([shape('a', 1, 1), shape('b', 100, 1, [reading, near])]));
    expect(compacted.shapes[1]?.relative[0]?.bounds).toBeUndefined();
    expect(compacted.shapes[1]?.relative[1]?.bounds?.x).toBeCloseTo(101 - (100 - 2 - MAX_GAP));
  });

  it('when bounds are absurdly far or large then the shape counts as unplaced', () => {
    expect(parseBounds('1e300, 1, 1, 1')).toBeUndefined();
    expect(parseBounds('1, 1, 1e9, 1')).toBeUndefined();
    expect(parseBounds('-3, 2, 1, 0.5')).toEqual({ x: -3, y: 2, width: 1, height: 0.5 });
  });

  it('when a saved shape lies a million inches away then the picture stays a readable size', () => {
    for (const far of ['900000, 900000, 0.5, 0.3', '1e300, 1e300, 0.5, 0.3', '0, 0, 1e9, 1e9', '-1e7, 5, 0.5, 0.3']) {
      const layout = layoutDiagram(parseOrm(ORM(far)));
      expect(layout.objectTypes).toHaveLength(2);
      expect(Math.max(layout.viewBox.width, layout.viewBox.height)).toBeLessThan(20 * 96);
    }
  });
});
