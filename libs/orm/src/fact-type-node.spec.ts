import { describe, expect, it } from 'vitest';
import { layoutDiagram } from './layout-diagram.js';
import { parseOrm } from './parse-orm.js';

// A binary with both roles named; NORMA saved the second role name as its 0.05 in placeholder.
const ORM = `<ormRoot:ORM2 xmlns:orm="http://schemas.neumont.edu/ORM/2006-04/ORMCore" xmlns:ormDiagram="http://schemas.neumont.edu/ORM/2006-04/ORMDiagram" xmlns:ormRoot="http://schemas.neumont.edu/ORM/2006-04/ORMRoot">
<orm:ORMModel id="_m" Name="M"><orm:Objects><orm:EntityType id="_p" Name="Person"><orm:PlayedRoles><orm:Role ref="_r1"/><orm:Role ref="_r2"/></orm:PlayedRoles></orm:EntityType></orm:Objects>
<orm:Facts><orm:Fact id="_f"><orm:FactRoles><orm:Role id="_r1" Name="Member"><orm:RolePlayer ref="_p"/></orm:Role><orm:Role id="_r2" Name="Parent"><orm:RolePlayer ref="_p"/></orm:Role></orm:FactRoles></orm:Fact></orm:Facts></orm:ORMModel>
<ormDiagram:ORMDiagram id="_d" Name="D"><ormDiagram:Shapes>
<ormDiagram:ObjectTypeShape id="_s1" AbsoluteBounds="1, 2, 0.6, 0.3"><ormDiagram:Subject ref="_p"/></ormDiagram:ObjectTypeShape>
<ormDiagram:FactTypeShape id="_s2" AbsoluteBounds="2.6744, 2.4649, 0.3839, 0.2439"><ormDiagram:RelativeShapes>
<ormDiagram:RoleNameShape id="_n1" AbsoluteBounds="2.6244, 2.1149, 0.4672, 0.1295"><ormDiagram:Subject ref="_r1"/></ormDiagram:RoleNameShape>
<ormDiagram:RoleNameShape id="_n2" AbsoluteBounds="2.6244, 2.1149, 0.05, 0.05"><ormDiagram:Subject ref="_r2"/></ormDiagram:RoleNameShape>
</ormDiagram:RelativeShapes><ormDiagram:Subject ref="_f"/></ormDiagram:FactTypeShape>
</ormDiagram:Shapes></ormDiagram:ORMDiagram></ormRoot:ORM2>`;

describe('factTypeNode', () => {
  it("when a role name shape is NORMA's unplaced placeholder then the name stands over its own role, not on top of the other name", () => {
    const [fact] = layoutDiagram(parseOrm(ORM)).factTypes;
    const [member, parent] = fact?.roleNames ?? [];
    expect(member).toMatchObject({ text: '[Member]', anchor: 'start' });
    expect(member?.x).toBeCloseTo(2.6244 * 96);
    const second = fact?.roles[1]?.box;
    expect(parent).toMatchObject({ text: '[Parent]', anchor: 'middle' });
    expect(parent?.x).toBeCloseTo((second?.x ?? 0) + (second?.width ?? 0) / 2);
    expect(parent?.y).toBeLessThan(fact?.box.y ?? 0);
    expect(Math.abs((parent?.y ?? 0) - (member?.y ?? 0))).toBeGreaterThan(9);
  });

  it('when a placeholder role name is the only one at its spot then it stays where NORMA saved it', () => {
    const alone = ORM.replace(/<ormDiagram:RoleNameShape id="_n1"[^]*?<\/ormDiagram:RoleNameShape>/, '');
    const [fact] = layoutDiagram(parseOrm(alone)).factTypes;
    expect(fact?.roleNames).toEqual([expect.objectContaining({ text: '[Parent]', anchor: 'start' })]);
    expect(fact?.roleNames[0]?.x).toBeCloseTo(2.6244 * 96);
  });
});
