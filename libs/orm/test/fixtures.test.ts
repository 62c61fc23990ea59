// Every shared ORM fixture: parsed, counted against the XML itself (an independent saxes
// pass that applies the counting rules again), laid out, drawn, and checked that the
// drawing is well-formed, self-contained and inside its viewBox. Invalid files must fail
// with OrmParseError and a sentence a person can act on.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { layoutDiagram, OrmParseError, parseOrm, renderSvg, summarize } from '../src/index.js';
import { drawnBoxes } from '../src/layout-bounds.js';
import type { Box, DiagramLayout } from '../src/layout-types.js';

// The repository root is three levels up from libs/orm/test; fixtures sit beside it.
const repo = fileURLToPath(new URL('../../../', import.meta.url));
const fixtures = `${repo}../shared/fixtures`;
const ormDir = `${fixtures}/ontologies/orm`;
const ormFiles = readdirSync(ormDir).filter((name) => name.endsWith('.orm')).sort();
const CORE = 'http://schemas.neumont.edu/ORM/2006-04/ORMCore';

/** Counts by walking the XML: object types, fact types, and the constraints a modeller drew. */
function countElements(xml: string): { objectTypes: number; entityTypes: number; factTypes: number; constraints: number } {
  const parser = new SaxesParser({ xmlns: true });
  const path: string[] = [];
  const counts = { objectTypes: 0, entityTypes: 0, factTypes: 0, constraints: 0 };
  const constraintIds: string[] = [];
  const artefacts = new Set<string>();
  let implicitBoolean = false;
  parser.on('opentag', (tag) => {
    const core = tag.uri === CORE;
    const at = path.join('/');
    const attr = (name: string) => tag.attributes[name]?.value;
    if (core && at.endsWith('ORMModel/Objects') && /^(EntityType|ValueType|ObjectifiedType)$/.test(tag.local)) {
      implicitBoolean = attr('IsImplicitBooleanValue') === 'true';
      if (!implicitBoolean) {
        counts.objectTypes += 1;
        if (tag.local !== 'ValueType') counts.entityTypes += 1;
      }
    }
    if (core && at.endsWith('ORMModel/Facts') && tag.local === 'Fact') counts.factTypes += 1;
    if (core && /ORMModel\/Facts\/(SubtypeFact|ImpliedFact)\/InternalConstraints$/.test(at)) artefacts.add(attr('ref') ?? '');
    if (core && at.endsWith('ORMModel/Constraints') && tag.local.endsWith('Constraint') && attr('IsImplied') !== 'true') constraintIds.push(attr('id') ?? '');
    if (core && at.endsWith('ValueType/ValueRestriction') && tag.local === 'ValueConstraint' && !implicitBoolean) counts.constraints += 1;
    if (core && at.endsWith('Role/ValueRestriction') && tag.local === 'RoleValueConstraint') counts.constraints += 1;
    path.push(`${core ? '' : '*'}${tag.local}`);
  });
  parser.on('closetag', () => path.pop());
  parser.write(xml.replace(/^\ufeff/, '')).close();
  counts.constraints += constraintIds.filter((id) => !artefacts.has(id)).length;
  return counts;
}

const inside = (box: Box, frame: Box) =>
  box.x >= frame.x - 0.01 && box.y >= frame.y - 0.01 && box.x + box.width <= frame.x + frame.width + 0.01 && box.y + box.height <= frame.y + frame.height + 0.01;

/** Every coordinate written into the SVG (shapes, line ends, text anchors) is inside the viewBox. */
function svgPointsOutside(svg: string): string[] {
  const parser = new SaxesParser({ xmlns: true });
  let view: number[] = [];
  const outside: string[] = [];
  const check = (x: number, y: number, what: string) => {
    const [left = 0, top = 0, width = 0, height = 0] = view;
    if (x < left - 0.01 || y < top - 0.01 || x > left + width + 0.01 || y > top + height + 0.01) outside.push(`${what} at ${x},${y}`);
  };
  parser.on('opentag', (tag) => {
    const n = (name: string) => Number(tag.attributes[name]?.value ?? 0);
    if (tag.local === 'svg') view = (tag.attributes.viewBox?.value ?? '').split(' ').map(Number);
    else if (tag.local === 'rect') [[n('x'), n('y')], [n('x') + n('width'), n('y') + n('height')]].forEach(([x = 0, y = 0]) => check(x, y, 'rect'));
    else if (tag.local === 'line') [[n('x1'), n('y1')], [n('x2'), n('y2')]].forEach(([x = 0, y = 0]) => check(x, y, 'line'));
    else if (tag.local === 'circle') [[n('cx') - n('r'), n('cy') - n('r')], [n('cx') + n('r'), n('cy') + n('r')]].forEach(([x = 0, y = 0]) => check(x, y, 'circle'));
    else if (tag.local === 'text') check(n('x'), n('y'), 'text');
    else if (tag.local === 'polygon') for (const pair of (tag.attributes.points?.value ?? '').split(' ')) check(Number(pair.split(',')[0]), Number(pair.split(',')[1]), 'polygon');
  });
  parser.write(svg).close();
  return outside;
}

function expectDrawnInside(layout: DiagramLayout): void {
  const stray = drawnBoxes(layout).filter((box) => !inside(box, layout.viewBox));
  expect(stray).toEqual([]);
  const { svg } = renderSvg(layout);
  expect(svgPointsOutside(svg)).toEqual([]);
  expect(svg.replace('xmlns="http://www.w3.org/2000/svg"', '')).not.toMatch(/href|url\(|<image|@import|@font-face|https?:/i);
}

describe('ORM fixtures', () => {
  it('when the fixture folder is listed then the five NORMA files are there', () => {
    expect(ormFiles).toEqual(['Metamodel.orm', 'NORMA-EmptyModel.orm', 'PersonCountryDemo.orm', 'SimplestUnary.orm', 'Warehousing.orm']);
  });

  for (const file of ormFiles) {
    describe(file, () => {
      const xml = readFileSync(`${ormDir}/${file}`, 'utf8');
      const model = parseOrm(xml);

      it('when parsed then object types, fact types and constraints match the XML', () => {
        const expected = countElements(xml);
        const summary = summarize(model);
        expect({ objectTypes: summary.objectTypes, entityTypes: summary.entityTypes, factTypes: summary.factTypes, constraints: summary.constraints }).toEqual(expected);
      });

      it('when every diagram is laid out then everything drawn is inside the viewBox and self-contained', () => {
        const diagrams = model.diagrams.length === 0 ? [undefined] : model.diagrams.map((_, index) => index);
        for (const diagram of diagrams) expectDrawnInside(layoutDiagram(model, diagram === undefined ? {} : { diagram }));
      });

      it('when drawn then the SVG parses back and the same input gives the same bytes', () => {
        const first = renderSvg(layoutDiagram(model)).svg;
        expect(() => new SaxesParser({ xmlns: true }).write(first).close()).not.toThrow();
        expect(renderSvg(layoutDiagram(parseOrm(xml))).svg).toBe(first);
      });
    });
  }

  it('when the known fixtures are summarised then the numbers are the ones reported', () => {
    const summary = (file: string) => summarize(parseOrm(readFileSync(`${ormDir}/${file}`, 'utf8')));
    expect(summary('PersonCountryDemo.orm')).toEqual({ objectTypes: 9, entityTypes: 3, valueTypes: 6, factTypes: 8, constraints: 17 });
    expect(summary('SimplestUnary.orm')).toEqual({ objectTypes: 1, entityTypes: 0, valueTypes: 1, factTypes: 1, constraints: 1 });
    expect(summary('Warehousing.orm')).toEqual({ objectTypes: 28, entityTypes: 16, valueTypes: 12, factTypes: 40, constraints: 92 });
  });

  it('when PersonCountryDemo is drawn then its shapes, bars, dots and value list appear', () => {
    const { counts, svg } = renderSvg(layoutDiagram(parseOrm(readFileSync(`${ormDir}/PersonCountryDemo.orm`, 'utf8'))));
    expect(counts).toEqual({ objectTypes: 8, factTypes: 7, constraints: 14 });
    expect(svg).toContain('(.id)');
    expect(svg).toContain('{&apos;Dr&apos;, &apos;Prof&apos;, &apos;Mr&apos;, &apos;Mrs&apos;, &apos;Miss&apos;, &apos;Ms&apos;}');
    expect(svg).toContain('is identified by / is of');
  });
});

describe('invalid ORM files', () => {
  const invalid = `${fixtures}/invalid`;
  const expectations: Record<string, RegExp> = {
    'not-orm2-wellformed.orm': /not an ORM2 document: the root element is \{http:\/\/example\.org\/not-orm\}model/,
    'orm2-wrong-namespace.orm': /not an ORM2 document: the root element is \{http:\/\/example\.org\/ORM\/ORMRoot\}ORM2/,
    'truncated-orm2.orm': /^line \d+, column \d+: the XML is not well-formed/,
    'empty-file.owl': /the document is empty/,
    'billion-laughs.rdf': /DOCTYPE is not allowed/,
    'external-entity.owl': /DOCTYPE is not allowed/,
  };

  for (const [file, message] of Object.entries(expectations)) {
    it(`when ${file} is parsed then OrmParseError explains why`, () => {
      const text = readFileSync(`${invalid}/${file}`, 'utf8');
      expect(() => parseOrm(text)).toThrow(OrmParseError);
      expect(() => parseOrm(text)).toThrow(message);
    });
  }

  it('when any other invalid fixture is parsed as ORM then it fails with OrmParseError too', () => {
    for (const file of readdirSync(invalid).filter((name) => name !== 'README.md' && !(name in expectations))) {
      expect(() => parseOrm(readFileSync(`${invalid}/${file}`, 'utf8')), file).toThrow(OrmParseError);
    }
  });

  it('when a parse error has a position then line and column are set', () => {
    try {
      parseOrm(readFileSync(`${invalid}/truncated-orm2.orm`, 'utf8'));
    } catch (error) {
      expect(error).toMatchObject({ name: 'OrmParseError', line: expect.any(Number), column: expect.any(Number) });
    }
  });
});
