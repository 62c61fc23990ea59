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
