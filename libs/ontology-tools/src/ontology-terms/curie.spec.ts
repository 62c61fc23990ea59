import { describe, expect, it } from 'vitest';
import { CurieMaker, oboCurie } from './curie.js';

describe('CURIEs', () => {
  it('when an IRI is an OBO PURL then the OBO rule gives PREFIX:LOCAL, and only for http PURLs of that shape', () => {
    expect(oboCurie('http://purl.obolibrary.org/obo/GO_0008150')).toBe('GO:0008150');
    expect(oboCurie('http://purl.obolibrary.org/obo/NCBITaxon_9606')).toBe('NCBITaxon:9606');
    expect(oboCurie('https://purl.obolibrary.org/obo/GO_0008150')).toBeNull();
    expect(oboCurie('http://purl.obolibrary.org/obo/go.owl')).toBeNull();
    expect(oboCurie('http://purl.obolibrary.org/obo/uberon/core#part_of')).toBeNull();
  });

  it('when namespaces of very different lengths are declared then the longest one that fits names the IRI', () => {
    const maker = new CurieMaker({ u: 'urn:', x: 'http://x.org/', xy: 'http://x.org/y/', xyz: 'http://x.org/y/z#', '': 'http://x.org/' });
    expect(maker.curie('urn:isbn:123')).toBe('u:isbn:123');
    expect(maker.curie('http://x.org/a')).toBe('x:a');
    expect(maker.curie('http://x.org/y/b')).toBe('xy:b');
    expect(maker.curie('http://x.org/y/z#c')).toBe('xyz:c');
    expect(maker.curie('http://x.org/')).toBeNull();
    expect(maker.curie('http://other.org/a')).toBeNull();
  });

  it('when two named prefixes share a namespace then the smaller name is used, whatever the declaration order', () => {
    expect(new CurieMaker({ zeta: 'http://x.org/', alpha: 'http://x.org/' }).curie('http://x.org/a')).toBe('alpha:a');
    expect(new CurieMaker({}).curie('http://x.org/a')).toBeNull();
  });
});
