import { describe, expect, it } from 'vitest';
import { scanDoctype } from './xml-doctype.js';
import { expandEntities, MAX_ENTITY_NESTING, prepareXml, substituteEntities } from './xml-safety.js';

const declare = (entries: Record<string, string>) =>
  Object.entries(entries).map(([name, value], index) => ({ name, value, offset: index }));

describe('scanDoctype', () => {
  it('when there is no DOCTYPE then nothing is found', () => {
    expect(scanDoctype('<?xml version="1.0"?>\n<!-- c --><r/>')).toEqual({ ok: true });
  });

  it('when the internal subset declares entities then their names and values are read', () => {
    const text = `<?xml version="1.0"?>\n<!DOCTYPE r [\n <!ENTITY a "x">\n <!ENTITY b 'y"z'>\n <!ELEMENT r ANY>\n]>\n<r/>`;
    const scan = scanDoctype(text);
    expect(scan.ok && scan.doctype?.entities.map(({ name, value }) => [name, value])).toEqual([
      ['a', 'x'],
      ['b', 'y"z'],
    ]);
    expect(scan.ok && text.slice(scan.doctype?.end)).toBe('\n<r/>');
  });

  it('when an entity is SYSTEM or PUBLIC then it is refused as external', () => {
    for (const text of ['<!DOCTYPE r [<!ENTITY s SYSTEM "file:///etc/passwd">]><r/>', '<!DOCTYPE r [<!ENTITY s PUBLIC "-//x" "http://x/">]><r/>']) {
      const scan = scanDoctype(text);
      expect(scan.ok ? '' : scan.reason).toContain('external entities are not allowed');
    }
  });

  it('when the DOCTYPE names an outside DTD then it is refused', () => {
    const scan = scanDoctype('<!DOCTYPE r SYSTEM "r.dtd"><r/>');
    expect(scan.ok ? '' : scan.reason).toContain('external entities are not allowed');
  });

  it('when the internal subset references a parameter entity then it is refused', () => {
    expect(scanDoctype('<!DOCTYPE r [<!ENTITY % p "x"> %p;]><r/>').ok).toBe(false);
  });
});

describe('expandEntities', () => {
  it('when entities refer to others and to characters then they are fully expanded', () => {
    const values = expandEntities(declare({ base: 'http://x/', term: '&base;T&#38;&lt;' }), 1000);
    expect(values instanceof Map && values.get('term')).toBe('http://x/T&<');
  });

  it('when entities nest deeper than the limit then they are refused', () => {
    const chain: Record<string, string> = { e0: 'x' };
    for (let level = 1; level <= MAX_ENTITY_NESTING; level += 1) chain[`e${level}`] = `&e${level - 1};`;
    expect(expandEntities(declare(chain), 1000)).toHaveProperty('reason', expect.stringContaining('nests entities'));
  });

  it('when an expansion would exceed the size bound then it is refused without building it', () => {
    const wide = `${'&a;'.repeat(100)}`;
    expect(expandEntities(declare({ a: 'x'.repeat(100), b: wide }), 5000)).toHaveProperty(
      'reason',
      expect.stringContaining('expands to more than 5000 characters'),
    );
  });

  it('when entities refer to each other in a loop then they are refused', () => {
    expect(expandEntities(declare({ a: '&b;', b: '&a;' }), 1000)).toHaveProperty('reason', expect.stringContaining('itself'));
  });

  it('when an entity value holds markup then it is refused', () => {
    expect(expandEntities(declare({ a: '<b/>' }), 1000)).toHaveProperty('reason', expect.stringContaining('markup'));
  });
});

describe('prepareXml and substituteEntities', () => {
  const text = '<!DOCTYPE r [\n<!ENTITY ns "http://x/?a=1&#38;b=2">\n]>\n<r a="&ns;"><!-- &ns; --><![CDATA[&ns;]]>&ns;</r>';

  it('when the DOCTYPE is blanked then every line stays where it was', () => {
    const prepared = prepareXml(text);
    expect(prepared.ok && prepared.body.split('\n').length).toBe(text.split('\n').length);
    expect(prepared.ok && prepared.body.includes('DOCTYPE')).toBe(false);
  });

  it('when references are substituted then values are escaped and comments and CDATA are left alone', () => {
    const prepared = prepareXml(text);
    if (!prepared.ok) throw new Error(prepared.message);
    expect(substituteEntities(prepared.body, prepared.entities).trim()).toBe(
      '<r a="http://x/?a=1&amp;b=2"><!-- &ns; --><![CDATA[&ns;]]>http://x/?a=1&amp;b=2</r>',
    );
  });

  it('when a small entity is used so often that the total is too large then it is refused', () => {
    const many = `<!DOCTYPE r [<!ENTITY a "${'x'.repeat(1000)}">]><r>${'&a;'.repeat(2000)}</r>`;
    expect(prepareXml(many)).toMatchObject({ ok: false, message: expect.stringContaining('entity references expand') });
  });
});
