import { describe, expect, it } from 'vitest';
import { gridPositions, MAX_ELK_SIZE } from './layout-computed.js';
import { layoutDiagram } from './layout-diagram.js';
import { parseOrm } from './parse-orm.js';

const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** A model without diagrams: `count` value types in a chain of binary fact types. */
function chainModel(count: number): string {
  const objects: string[] = [];
  const facts: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const roles = index > 0 ? `<orm:Role ref="_r${index}b"/><orm:Role ref="_r${index + 1}a"/>` : `<orm:Role ref="_r1a"/>`;
    objects.push(`<orm:ValueType id="_o${index}" Name="Thing ${index}"><orm:PlayedRoles>${roles}</orm:PlayedRoles></orm:ValueType>`);
    if (index === 0) continue;
    facts.push(
      `<orm:Fact id="_f${index}"><orm:FactRoles><orm:Role id="_r${index}a"><orm:RolePlayer ref="_o${index - 1}"/></orm:Role>` +
        `<orm:Role id="_r${index}b"><orm:RolePlayer ref="_o${index}"/></orm:Role></orm:FactRoles>` +
        `<orm:ReadingOrders><orm:ReadingOrder id="_ro${index}"><orm:Readings><orm:Reading id="_rd${index}"><orm:Data>{0} precedes {1}</orm:Data></orm:Reading></orm:Readings>` +
        `<orm:RoleSequence><orm:Role ref="_r${index}a"/><orm:Role ref="_r${index}b"/></orm:RoleSequence></orm:ReadingOrder></orm:ReadingOrders></orm:Fact>`,
    );
  }
  return `<orm:ORMModel xmlns:orm="http://schemas.neumont.edu/ORM/2006-04/ORMCore" id="_m" Name="Chain"><orm:Objects>${objects.join('')}</orm:Objects><orm:Facts>${facts.join('')}</orm:Facts></orm:ORMModel>`;
}

const LONG_TEXTS = `<orm:ORMModel xmlns:orm="http://schemas.neumont.edu/ORM/2006-04/ORMCore" id="_m" Name="Long"><orm:Objects>
<orm:EntityType id="_a" Name="${'A'.repeat(400)}" _ReferenceMode="id"><orm:PlayedRoles><orm:Role ref="_ra"/></orm:PlayedRoles></orm:EntityType>
<orm:ValueType id="_b" Name="${'Very long value type name '.repeat(20)}"><orm:PlayedRoles><orm:Role ref="_rb"/></orm:PlayedRoles></orm:ValueType></orm:Objects>
<orm:Facts><orm:Fact id="_f"><orm:FactRoles><orm:Role id="_ra"><orm:RolePlayer ref="_a"/></orm:Role><orm:Role id="_rb"><orm:RolePlayer ref="_b"/></orm:Role></orm:FactRoles>
<orm:ReadingOrders><orm:ReadingOrder id="_o"><orm:Readings><orm:Reading id="_r"><orm:Data>{0} ${'is related in a long-winded way to '.repeat(40)} {1}</orm:Data></orm:Reading></orm:Readings>
<orm:RoleSequence><orm:Role ref="_ra"/><orm:Role ref="_rb"/></orm:RoleSequence></orm:ReadingOrder></orm:ReadingOrders></orm:Fact></orm:Facts>
<orm:ModelNotes><orm:ModelNote id="_n"><orm:Text>${'note '.repeat(5000)}</orm:Text></orm:ModelNote></orm:ModelNotes></orm:ORMModel>`;

describe('placeComputed', () => {
  it('when names, readings and notes are very long then they wrap and the picture stays a readable size', () => {
    const layout = layoutDiagram(parseOrm(LONG_TEXTS));
    const entity = layout.objectTypes.find((node) => node.objectTypeId === '_a');
    expect(entity?.textLines.length).toBeGreaterThan(2);
    expect(entity?.textLines.at(-1)).toBe('(.id)');
    expect(entity?.box.width).toBeLessThan(300);
    expect(layout.factTypes[0]?.reading?.text.split('\n').length).toBeGreaterThan(1);
    expect(layout.notes[0]?.lines.length).toBeLessThanOrEqual(60);
    expect(layout.viewBox.width).toBeLessThan(2_000);
    expect(layout.viewBox.height).toBeLessThan(2_000);
    // The computed nodes were sized for their wrapped texts, so nothing overlaps.
    const [a, b] = layout.objectTypes.map((node) => node.box);
    expect(a && b && overlap(a, b)).toBe(false);
  });

  it('when a model without diagrams has more elements than ELK lays out quickly then a grid places them all at once', () => {
    const count = MAX_ELK_SIZE * 2;
    const started = Date.now();
    const layout = layoutDiagram(parseOrm(chainModel(count)));
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(layout.objectTypes).toHaveLength(count);
    expect(layout.factTypes).toHaveLength(count - 1);
    // Roughly 1.6 : 1, not one long strip.
    expect(layout.viewBox.width / layout.viewBox.height).toBeGreaterThan(1);
    expect(layout.viewBox.width / layout.viewBox.height).toBeLessThan(3);
  });

  it('when nodes are put on the grid then connected nodes come in a row and none overlap', () => {
    const nodes = ['a', 'b', 'c', 'd'].map((id) => ({ id, width: 50, height: 20 }));
    const positions = gridPositions(nodes, [{ id: 'e', source: 'a', target: 'd' }]);
    const boxes = nodes.map((node) => ({ ...node, ...(positions.get(node.id) ?? { x: NaN, y: NaN }) }));
    expect(boxes.every((box) => Number.isFinite(box.x) && Number.isFinite(box.y))).toBe(true);
    for (const [index, box] of boxes.entries()) for (const other of boxes.slice(index + 1)) expect(overlap(box, other)).toBe(false);
    // d follows a, its neighbour, before b and c.
    const order = [...positions.entries()].sort(([, p], [, q]) => p.y - q.y || p.x - q.x).map(([id]) => id);
    expect(order.indexOf('d')).toBe(1);
  });
});

describe('computed notes', () => {
  it('when many notes have no shape then they fill rows no wider than the drawing, without overlapping', () => {
    const notes = Array.from({ length: 30 }, (_, n) => `<orm:ModelNote id="_n${n}"><orm:Text>Note number ${n} says something of moderate length</orm:Text></orm:ModelNote>`).join('');
    const layout = layoutDiagram(parseOrm(`<orm:ORMModel xmlns:orm="http://schemas.neumont.edu/ORM/2006-04/ORMCore" id="_m" Name="N"><orm:Objects><orm:EntityType id="_a" Name="A"/></orm:Objects><orm:ModelNotes>${notes}</orm:ModelNotes></orm:ORMModel>`));
    expect(layout.notes).toHaveLength(30);
    expect(layout.viewBox.width).toBeLessThan(1_000);
    for (const [index, note] of layout.notes.entries()) for (const other of layout.notes.slice(index + 1)) expect(overlap(note.box, other.box)).toBe(false);
  });
});

describe('computed role value constraints', () => {
  it('when a role has a value constraint and no diagram then its list stands above the role, clear of the fact type', () => {
    const orm = `<orm:ORMModel xmlns:orm="http://schemas.neumont.edu/ORM/2006-04/ORMCore" id="_m" Name="V"><orm:Objects>
<orm:EntityType id="_p" Name="Person"><orm:PlayedRoles><orm:Role ref="_r1"/></orm:PlayedRoles></orm:EntityType>
<orm:ValueType id="_g" Name="Grade"><orm:PlayedRoles><orm:Role ref="_r2"/></orm:PlayedRoles></orm:ValueType></orm:Objects>
<orm:Facts><orm:Fact id="_f"><orm:FactRoles><orm:Role id="_r1"><orm:RolePlayer ref="_p"/></orm:Role>
<orm:Role id="_r2"><orm:RolePlayer ref="_g"/><orm:ValueRestriction><orm:RoleValueConstraint id="_vc"><orm:ValueRanges>
<orm:ValueRange id="_v1" MinValue="A" MaxValue="A"/><orm:ValueRange id="_v2" MinValue="B" MaxValue="B"/></orm:ValueRanges></orm:RoleValueConstraint></orm:ValueRestriction></orm:Role>
</orm:FactRoles></orm:Fact></orm:Facts></orm:ORMModel>`;
    const layout = layoutDiagram(parseOrm(orm));
    const label = layout.labels.find((each) => each.constraintId === '_vc');
    const fact = layout.factTypes[0];
    expect(label?.text).toBe("{'A', 'B'}");
    const role = fact?.roles[1]?.box;
    expect(label?.x).toBeCloseTo((role?.x ?? 0) + (role?.width ?? 0) / 2);
    expect(label?.y).toBeLessThan(fact?.box.y ?? 0);
    expect(layout.viewBox.y).toBeLessThan((label?.y ?? 0) - 9);
  });
});
