import { describe, expect, it } from 'vitest';
import { el, escapeXml, num } from './svg-writer.js';

describe('svg writer', () => {
  it('when text holds markup characters then they are escaped', () => {
    expect(escapeXml(`<b>&"'`)).toBe('&lt;b&gt;&amp;&quot;&apos;');
  });

  it('when text holds characters XML cannot carry then they are dropped', () => {
    expect(escapeXml('a\u0000b\u0007c')).toBe('abc');
  });

  it('when numbers are written then they are rounded to two decimals without negative zero', () => {
    expect(num(1.23456)).toBe('1.23');
    expect(num(-0.001)).toBe('0');
    expect(num(10)).toBe('10');
  });

  it('when an element is built then attributes are escaped and undefined ones left out', () => {
    expect(el('text', { x: 1.005, title: 'a"b', skip: undefined }, 'c')).toBe('<text x="1" title="a&quot;b">c</text>');
    expect(el('rect', { width: 2 })).toBe('<rect width="2"/>');
  });
});
