import { describe, expect, it } from 'vitest';
import { OrmParseError } from './errors.js';
import { ORM_CORE } from './namespaces.js';
import { childNamed, MAX_DEPTH, parseXmlTree } from './xml-tree.js';

const CORE = `xmlns:o="${ORM_CORE}"`;

describe('parseXmlTree', () => {
  it('when the text starts with a BOM and uses CRLF then it parses and keeps attribute values', () => {
    const { root } = parseXmlTree(`\ufeff<?xml version="1.0"?>\r\n<o:ORMModel ${CORE} Name="a &amp; b">\r\n<o:Objects/>\r\n</o:ORMModel>`);
    expect(root).toMatchObject({ uri: ORM_CORE, local: 'ORMModel' });
    expect(root.attrs.get('Name')).toBe('a & b');
    expect(childNamed(root, ORM_CORE, 'Objects')).toBeDefined();
  });

  it('when elements of other namespaces appear then their subtrees are skipped', () => {
    const { root } = parseXmlTree(`<o:ORMModel ${CORE} xmlns:x="urn:x"><x:big><o:Objects/></x:big><o:Facts/></o:ORMModel>`);
    expect(root.children.map((child) => child.local)).toEqual(['Facts']);
  });

  it('when the XML is cut off then the error names the line and column', () => {
    const error = (() => {
      try {
        parseXmlTree(`<o:ORMModel ${CORE}>\n<o:Objects>\n`);
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(OrmParseError);
    expect((error as OrmParseError).message).toMatch(/^line \d+, column \d+: the XML is not well-formed/);
    expect((error as OrmParseError).line).toBeGreaterThanOrEqual(2);
  });

  it('when the document is empty then it is refused with a plain sentence', () => {
    expect(() => parseXmlTree('\ufeff  \r\n')).toThrow('the document is empty');
  });

  it('when a DOCTYPE is present then it is refused before any entity is used', () => {
    const bomb = '<!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><r>&b;</r>';
    expect(() => parseXmlTree(bomb)).toThrow(/DOCTYPE is not allowed/);
  });

  it('when elements nest deeper than the limit then parsing stops early', () => {
    const deep = `${'<a>'.repeat(MAX_DEPTH + 5)}${'</a>'.repeat(MAX_DEPTH + 5)}`;
    expect(() => parseXmlTree(deep)).toThrow(/nested more than/);
  });
});
