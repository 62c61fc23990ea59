import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { SAMPLE_ORM } from '../test/sample-orm.js';
import { layoutDiagram } from './layout-diagram.js';
import { parseOrm } from './parse-orm.js';
import { renderSvg } from './render-svg.js';

const layout = layoutDiagram(parseOrm(SAMPLE_ORM));
const result = renderSvg(layout);

function texts(svg: string): string[] {
  const parser = new SaxesParser({ xmlns: true });
  const found: string[] = [];
  parser.on('text', (text) => found.push(text));
  parser.write(svg).close();
  return found;
}

describe('renderSvg', () => {
  it('when a layout is rendered then the SVG is well-formed and in the SVG namespace', () => {
    const parser = new SaxesParser({ xmlns: true });
    let root: { uri: string; local: string } | undefined;
    parser.on('opentag', (tag) => {
      root ??= { uri: tag.uri, local: tag.local };
    });
    parser.write(result.svg).close();
    expect(root).toEqual({ uri: 'http://www.w3.org/2000/svg', local: 'svg' });
  });

  it('when names hold markup characters then they come back as text, not markup', () => {
    expect(result.svg).toContain('Name &lt;b&gt;&amp; Co');
    expect(result.svg).not.toContain('<b>');
    expect(texts(result.svg)).toContain('Name <b>& Co');
  });

  it('when rendered then nothing refers to an outside resource', () => {
    const withoutNamespace = result.svg.replace('xmlns="http://www.w3.org/2000/svg"', '');
    expect(withoutNamespace).not.toMatch(/href|url\(|<image|@import|@font-face|https?:/i);
  });

  it('when the same layout is rendered twice then the output is byte for byte the same', () => {
    expect(renderSvg(layoutDiagram(parseOrm(SAMPLE_ORM))).svg).toBe(result.svg);
  });

  it('when rendered then the counts say what was drawn', () => {
    // Bars: 3 (none on the unary); dot: 1; symbols: 6 (the xor pair is one); value constraint: 1.
    expect(result.counts).toEqual({ objectTypes: 4, factTypes: 4, constraints: 11 });
  });

  it('when a scale is given then the pixel size changes but the drawing does not', () => {
    const double = renderSvg(layout, { scale: 2 });
    expect(double.width).toBe(Math.ceil(layout.viewBox.width * 2));
    expect(double.svg.replace(/ width="[^"]*" height="[^"]*"/, '')).toBe(result.svg.replace(/ width="[^"]*" height="[^"]*"/, ''));
  });

  it('when rendered then constraints are violet and value types dashed', () => {
    expect(result.svg).toMatch(/class="object-type value"[^>]*><rect[^>]*stroke-dasharray="4 2"/);
    expect(result.svg).toContain('#7b3fa0');
    expect(result.svg).toMatch(/class="mandatory"/);
  });
});

describe('deontic constraints', () => {
  // Person has a name (alethic mandatory and uniqueness) and ought to have a nickname (deontic ones), and ought not both smoke and vape.
  const ORM = `<orm:ORMModel xmlns:orm="http://schemas.neumont.edu/ORM/2006-04/ORMCore" id="_m" Name="D"><orm:Objects>
<orm:EntityType id="_p" Name="Person"><orm:PlayedRoles><orm:Role ref="_r1"/><orm:Role ref="_r3"/><orm:Role ref="_r5"/><orm:Role ref="_r6"/></orm:PlayedRoles></orm:EntityType>
<orm:ValueType id="_n" Name="Name"><orm:PlayedRoles><orm:Role ref="_r2"/><orm:Role ref="_r4"/></orm:PlayedRoles></orm:ValueType></orm:Objects><orm:Facts>
<orm:Fact id="_f1"><orm:FactRoles><orm:Role id="_r1"><orm:RolePlayer ref="_p"/></orm:Role><orm:Role id="_r2"><orm:RolePlayer ref="_n"/></orm:Role></orm:FactRoles><orm:InternalConstraints><orm:UniquenessConstraint ref="_au"/><orm:MandatoryConstraint ref="_am"/></orm:InternalConstraints></orm:Fact>
<orm:Fact id="_f2"><orm:FactRoles><orm:Role id="_r3"><orm:RolePlayer ref="_p"/></orm:Role><orm:Role id="_r4"><orm:RolePlayer ref="_n"/></orm:Role></orm:FactRoles><orm:InternalConstraints><orm:UniquenessConstraint ref="_du"/><orm:MandatoryConstraint ref="_dm"/></orm:InternalConstraints></orm:Fact>
<orm:Fact id="_f3"><orm:FactRoles><orm:Role id="_r5"><orm:RolePlayer ref="_p"/></orm:Role></orm:FactRoles></orm:Fact>
<orm:Fact id="_f4"><orm:FactRoles><orm:Role id="_r6"><orm:RolePlayer ref="_p"/></orm:Role></orm:FactRoles></orm:Fact></orm:Facts><orm:Constraints>
<orm:MandatoryConstraint id="_am" IsSimple="true"><orm:RoleSequence><orm:Role ref="_r1"/></orm:RoleSequence></orm:MandatoryConstraint>
<orm:UniquenessConstraint id="_au" IsInternal="true"><orm:RoleSequence><orm:Role ref="_r1"/></orm:RoleSequence></orm:UniquenessConstraint>
<orm:MandatoryConstraint id="_dm" IsSimple="true" Modality="Deontic"><orm:RoleSequence><orm:Role ref="_r3"/></orm:RoleSequence></orm:MandatoryConstraint>
<orm:UniquenessConstraint id="_du" IsInternal="true" Modality="Deontic"><orm:RoleSequence><orm:Role ref="_r3"/></orm:RoleSequence></orm:UniquenessConstraint>
<orm:ExclusionConstraint id="_dx" Modality="Deontic"><orm:RoleSequences><orm:RoleSequence id="_s1"><orm:Role ref="_r5"/></orm:RoleSequence><orm:RoleSequence id="_s2"><orm:Role ref="_r6"/></orm:RoleSequence></orm:RoleSequences></orm:ExclusionConstraint>
</orm:Constraints></orm:ORMModel>`;
  const drawn = renderSvg(layoutDiagram(parseOrm(ORM)));
  const bar = (id: string) => drawn.svg.match(new RegExp(`<g class="fact-type" data-id="${id}">.*?</g>`))?.[0] ?? '';

  it("when a constraint is deontic then NORMA's blue replaces violet for its bar, dot and symbol, and alethic ones stay violet", () => {
    expect(bar('_f1')).toContain('#7b3fa0');
    expect(bar('_f2')).toContain('#0000ff');
    expect(bar('_f2')).not.toContain('#7b3fa0');
    expect(drawn.svg).toMatch(/<circle class="mandatory deontic"[^>]*fill="#ffffff" stroke="#0000ff"/);
    expect(drawn.svg).toMatch(/<circle class="mandatory" [^>]*fill="#7b3fa0"/);
    const exclusion = drawn.svg.match(/<g class="constraint exclusion" data-id="_dx">.*?<\/g>/)?.[0] ?? '';
    expect(exclusion).toContain('#0000ff');
    expect(exclusion).not.toContain('#7b3fa0');
    expect(drawn.svg).toMatch(/<g class="link constraint"><line [^>]*stroke="#0000ff"/);
  });
});
