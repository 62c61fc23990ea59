import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { deepRdfXmlList } from './testing.js';
import { resolvePrefixesInScope } from './xml-prefixes.js';
import { prepareXml } from './xml-safety.js';

/** Every element's and attribute's namespace URI, in document order. */
function names(xml: string, scoped: boolean): string[] {
  const parser = new SaxesParser({ xmlns: true });
  if (scoped) resolvePrefixesInScope(parser);
  const seen: string[] = [];
  parser.on('opentag', (tag) => {
    seen.push(`${tag.name}=${tag.uri}`);
    for (const attribute of Object.values(tag.attributes)) seen.push(`@${attribute.name}=${attribute.uri}`);
  });
  parser.write(xml).close();
  return seen;
}

describe('resolvePrefixesInScope', () => {
  const xml = [
    '<r xmlns="urn:d" xmlns:a="urn:a1" a:x="1">',
    '  <a:e xmlns:a="urn:a2" a:y="2"><a:f/><g xmlns=""/><h/></a:e>',
    '  <a:e a:z="3"><i xmlns:b="urn:b"><b:j/></i><k xmlns:a="urn:a3"/><a:l xml:lang="en"/></a:e>',
    '</r>',
  ].join('');

  it('when prefixes are declared, redeclared and undeclared then every name resolves as saxes resolves it', () => {
    expect(names(xml, true)).toEqual(names(xml, false));
    expect(names(xml, true)).toEqual([
      'r=urn:d',
      '@xmlns=http://www.w3.org/2000/xmlns/',
      '@xmlns:a=http://www.w3.org/2000/xmlns/',
      '@a:x=urn:a1',
      'a:e=urn:a2',
      '@xmlns:a=http://www.w3.org/2000/xmlns/',
      '@a:y=urn:a2',
      'a:f=urn:a2',
      'g=',
      '@xmlns=http://www.w3.org/2000/xmlns/',
      'h=urn:d',
      'a:e=urn:a1',
      '@a:z=urn:a1',
      'i=urn:d',
      '@xmlns:b=http://www.w3.org/2000/xmlns/',
      'b:j=urn:b',
      'k=urn:d',
      '@xmlns:a=http://www.w3.org/2000/xmlns/',
      'a:l=urn:a1',
      '@xml:lang=http://www.w3.org/XML/1998/namespace',
    ]);
  });

  it('when a prefix goes out of scope then using it is an error again', () => {
    const parse = () => names('<r><a xmlns:p="urn:p"><p:b/></a><p:c/></r>', true);
    expect(parse).toThrow(/unbound namespace prefix: "p"/);
  });

  it('when a 2,000-member list is parsed then open elements are read a bounded number of times per element, not once per level', () => {
    const prepared = prepareXml(deepRdfXmlList(2000));
    if (!prepared.ok) throw new Error(prepared.message);
    const parser = new SaxesParser({ xmlns: true });
    for (const [name, value] of prepared.entities) parser.ENTITIES[name] = value;
    resolvePrefixesInScope(parser);
    // Counts reads of the open-element stack, which saxes' own lookup walks level by level.
    let reads = 0;
    // saxes keeps the stack in a private field: reached by name, as saxes itself does not expose it.
    const tags: object[] = Reflect.get(parser, 'tags');
    Reflect.set(parser, 'tags', new Proxy(tags, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads += 1;
        return Reflect.get(target, key, receiver);
      },
    }));
    let elements = 0;
    parser.on('opentag', () => {
      elements += 1;
    });
    parser.write(prepared.body).close();
    expect(elements).toBeGreaterThan(8000);
    expect(reads).toBeLessThan(10 * elements);
  });
});
