import { readdirSync, readFileSync } from 'node:fs';
import { dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as RDF from '@rdfjs/types';
import { describe, expect, it } from 'vitest';
import { MAX_PROLOG_CHARS } from './check-rdfxml-stream.js';
import { validateSource, validateSourceStream, type SourceFormat } from './index.js';
import { deepRdfXmlList, hostileRdfXml, MAX_RDF_XML_DEPTH } from './testing.js';

const fixtures = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../shared/fixtures');
const FORMATS: Record<string, SourceFormat> = { '.rdf': 'rdf', '.owl': 'owl' };
const files = [
  ...['rdf', 'owl'].flatMap((folder) => readdirSync(join(fixtures, 'ontologies', folder)).map((file) => join(fixtures, 'ontologies', folder, file))),
  ...readdirSync(join(fixtures, 'invalid')).filter((file) => FORMATS[extname(file)]).map((file) => join(fixtures, 'invalid', file)),
];

async function* pieces(source: string | Buffer, size: number): AsyncGenerator<Uint8Array> {
  const bytes = Buffer.isBuffer(source) ? source : Buffer.from(source, 'utf8');
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

/** A term as text; blank nodes are numbered in order of appearance (their labels count parsers made). */
function keyOf(blanks: Map<string, number>) {
  return (term: RDF.Term): string => {
    if (term.termType === 'Literal') return `"${term.value}"@${term.language}^${term.datatype.value}`;
    if (term.termType !== 'BlankNode') return `${term.termType}:${term.value}`;
    if (!blanks.has(term.value)) blanks.set(term.value, blanks.size);
    return `_:b${blanks.get(term.value)}`;
  };
}

/** The verdict, the quads (as text, in order) and the prefixes each check gives. */
async function both(format: SourceFormat, source: Buffer, size: number) {
  const seen = () => {
    const quads: string[] = [];
    const prefixes: string[] = [];
    const key = keyOf(new Map());
    return { quads, prefixes, observer: { quad: (q: RDF.Quad) => quads.push(`${key(q.subject)} ${key(q.predicate)} ${key(q.object)}`), prefix: (p: string, iri: string) => prefixes.push(`${p}=${iri}`) } };
  };
  const whole = seen();
  const streamed = seen();
  const wholeCheck = await validateSource(format, source.toString('utf8'), whole.observer);
  const streamCheck = await validateSourceStream(format, pieces(source, size), streamed.observer);
  return { whole: { check: wholeCheck, quads: wholeCheck.ok ? whole.quads : [], prefixes: wholeCheck.ok ? whole.prefixes : [] }, streamed: { check: streamCheck, quads: streamCheck.ok ? streamed.quads : [], prefixes: streamCheck.ok ? streamed.prefixes : [] } };
}

describe('validateSourceStream (rdf, owl)', () => {
  const cases = files.flatMap((path) => [1, 7, 4096].map((size): [string, number, string] => [path.slice(fixtures.length + 1), size, path]));
  it.each(cases)('when the fixture %s comes in %i-byte pieces then the verdict, triples and prefixes are those of the whole-text check', async (_name, size, path) => {
    const source = readFileSync(path);
    // Byte by byte is slow on the 2 MB schema.org file; its 7-byte run covers the same code.
    if (size === 1 && source.length > 200_000) return;
    const { whole, streamed } = await both(FORMATS[extname(path)] as SourceFormat, source, size);
    expect(streamed.check).toEqual(whole.check);
    expect(streamed.quads.length).toBe(whole.quads.length);
    expect(streamed.quads).toEqual(whole.quads);
    expect(streamed.prefixes).toEqual(whole.prefixes);
  }, 60_000);

  it('when the fixtures are read then valid and invalid ones are both among them', () => {
    expect(files.filter((path) => path.includes('/invalid/')).length).toBeGreaterThanOrEqual(4);
    expect(files.length).toBeGreaterThanOrEqual(11);
  });

  it.each([1, 3, 4096])('when entity references, comments and CDATA are cut between %i-byte pieces then they read as in the whole text', async (size) => {
    const text = `\uFEFF<?xml version="1.0"?>\r\n<!-- &ex; in a comment -->\n<!DOCTYPE rdf:RDF [ <!ENTITY ex "http://example.org/a'b&amp;c#" > <!ENTITY longername "x&lt;y" > ]>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:ex="http://example.org/">
  <rdf:Description rdf:about="&ex;s"><ex:p>&longername; and &ex; &amp; é</ex:p><ex:q><![CDATA[&ex; <raw>]]></ex:q><?pi &ex; ?><!-- &ex; --><ex:r rdf:resource="&ex;o"/></rdf:Description>
</rdf:RDF>\r\n`;
    const { whole, streamed } = await both('rdf', Buffer.from(text, 'utf8'), size);
    expect(whole.check).toEqual({ ok: true });
    expect(streamed).toEqual(whole);
    expect(streamed.quads).toContain('NamedNode:http://example.org/a\'b&c#s NamedNode:http://example.org/p "x<y and http://example.org/a\'b&c# & é"@^http://www.w3.org/2001/XMLSchema#string');
  });

  it('when an OWL/XML document comes as owl then it is accepted as OWL/XML, and read as RDF/XML as rdf', async () => {
    const text = '<?xml version="1.0"?>\n<Ontology xmlns="http://www.w3.org/2002/07/owl#" ontologyIRI="http://example.org/o"><Declaration><Class IRI="#A"/></Declaration></Ontology>\n';
    expect(await validateSourceStream('owl', pieces(text, 5))).toEqual({ ok: true, syntax: 'owl-xml' });
    const { whole, streamed } = await both('rdf', Buffer.from(text), 5);
    expect(streamed).toEqual(whole);
  });

  it('when the document is cut off inside its root then it is refused where the text ends, as whole', async () => {
    const text = deepRdfXmlList(50);
    const cut = Buffer.from(text.slice(0, Math.floor(text.length * 0.7)));
    const { whole, streamed } = await both('rdf', cut, 64);
    expect(whole.check).toMatchObject({ ok: false, line: expect.any(Number) });
    expect(streamed.check).toEqual(whole.check);
  });

  it('when an RDF/XML error comes before a well-formedness error then the latter is reported, as whole', async () => {
    const text = `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:ex="http://e/">\n<rdf:Description rdf:ID="a"/>\n<rdf:Description rdf:ID="a"/>\n${'<ex:x rdf:about="http://e/x"/>\n'.repeat(500)}<ex:y></ex:z>\n</rdf:RDF>`;
    const { whole, streamed } = await both('rdf', Buffer.from(text), 256);
    expect(whole.check).toMatchObject({ ok: false, line: 504 });
    expect(streamed.check).toEqual(whole.check);
    const rdfOnly = await both('rdf', Buffer.from(text.replace('</ex:z>', '</ex:y>')), 256);
    expect(rdfOnly.whole.check).toMatchObject({ ok: false, message: expect.stringContaining('rdf:ID') });
    expect(rdfOnly.streamed.check).toEqual(rdfOnly.whole.check);
  });

  it('when elements nest past the bound then it is refused at the bound without the RDF/XML parser going there', async () => {
    const text = hostileRdfXml(MAX_RDF_XML_DEPTH * 2);
    const started = performance.now();
    const { whole, streamed } = await both('rdf', Buffer.from(text), 65_536);
    expect(streamed.check).toMatchObject({ ok: false, message: expect.stringContaining(`nested more than ${MAX_RDF_XML_DEPTH} levels deep`) });
    expect(streamed.check).toEqual(whole.check);
    expect(performance.now() - started).toBeLessThan(20_000);
  }, 30_000);

  it('when a small entity is referenced too often then the streamed count refuses it at the reference, as whole', async () => {
    const value = 'x'.repeat(1000);
    const text = `<!DOCTYPE r [ <!ENTITY a "${value}"> ]><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\n${'<!-- &a; -->\n'.repeat(2000)}</rdf:RDF>`;
    const { whole, streamed } = await both('rdf', Buffer.from(text), 100);
    expect(whole.check).toMatchObject({ ok: false, message: expect.stringContaining('entity references expand to more than 1000000 characters') });
    expect(streamed.check).toEqual(whole.check);
  });

  it('when the entity bound is passed after a well-formedness error then the bound is reported, as whole', async () => {
    const text = `<!DOCTYPE r [ <!ENTITY a "${'x'.repeat(1000)}"> ]><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\n<a></b>\n${'<!-- &a; -->\n'.repeat(2000)}</rdf:RDF>`;
    const { whole, streamed } = await both('rdf', Buffer.from(text), 100);
    expect(whole.check).toMatchObject({ ok: false, message: expect.stringContaining('entity references expand') });
    expect(streamed.check).toEqual(whole.check);
  });

  it('when a UTF-8 sequence is cut between pieces then it is read, and bad bytes are refused with their line', async () => {
    const text = Buffer.from('<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:ex="http://e/">\n<rdf:Description rdf:about="http://e/é"><ex:p>日本</ex:p></rdf:Description></rdf:RDF>', 'utf8');
    expect(await validateSourceStream('rdf', pieces(text, 1))).toEqual({ ok: true });
    const bad = Buffer.concat([text.subarray(0, 100), Buffer.from([0xe6, 0x97]), text.subarray(100)]);
    expect(await validateSourceStream('rdf', pieces(bad, 1))).toEqual({ ok: false, message: 'line 2: the document is not UTF-8 text', line: 2 });
  });

  it('when the document is blank or holds too much before its root then it is refused', async () => {
    expect(await validateSourceStream('owl', pieces(' \r\n\t', 1))).toEqual({ ok: false, message: 'the document is empty' });
    const long = `<!-- ${'x'.repeat(MAX_PROLOG_CHARS)} -->\n<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/>`;
    expect(await validateSourceStream('rdf', pieces(long, 65_536))).toMatchObject({ ok: false, message: expect.stringContaining('characters before its root element') });
  });
});
