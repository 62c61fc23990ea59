// A small RDF/XML writer: one rdf:Description per subject, blank nodes as rdf:nodeID, every
// IRI absolute. Each predicate must split into a namespace and an XML local name; a graph that
// cannot be written exactly (no such split, characters XML 1.0 cannot hold, named graphs) is
// refused with NotRepresentableError rather than written with a different meaning.
import { NotRepresentableError } from './errors.js';
import type { Quad, Term } from './terms.js';
import { RDF_LANG_STRING, RDF_NS, XSD_STRING } from './vocabulary.js';

const NAME_START =
  'A-Z_a-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02FF\\u0370-\\u037D\\u037F-\\u1FFF\\u200C-\\u200D\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD\\u{10000}-\\u{EFFFF}';
const NAME_CHAR = `${NAME_START}\\-.0-9\\u00B7\\u0300-\\u036F\\u203F-\\u2040`;
// XML's NameChar includes the combining marks U+0300..U+036F on purpose.
// eslint-disable-next-line no-misleading-character-class
const NCNAME = new RegExp(`^[${NAME_START}][${NAME_CHAR}]*$`, 'u');
// eslint-disable-next-line no-misleading-character-class
const IS_NAME_CHAR = new RegExp(`^[${NAME_CHAR}]$`, 'u');
const IS_NAME_START = new RegExp(`^[${NAME_START}]`, 'u');
/** Whether the text has a character XML 1.0 cannot carry at all, not even as a character reference. */
function hasNonXmlCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) return true;
    if (code === 0xfffe || code === 0xffff) return true;
  }
  return !text.isWellFormed();
}

// Names RDF/XML reserves: they cannot be property elements (rdf:li would be renumbered).
const RESERVED = new Set(['RDF', 'ID', 'about', 'parseType', 'resource', 'nodeID', 'datatype', 'Description', 'li', 'aboutEach', 'aboutEachPrefix', 'bagID']);

const RESERVED_NAMESPACES = ['http://www.w3.org/XML/1998/namespace', 'http://www.w3.org/2000/xmlns/'];

export const isNcName = (name: string): boolean => NCNAME.test(name);

/** Namespace and local name of an IRI, the local name being the longest XML name it can end with. */
export function splitIri(iri: string): { namespace: string; local: string } | undefined {
  // Walked back from the end, one code point at a time: an unanchored /[...]*$/ took time
  // quadratic in the IRI's length (a 60,000-character IRI held the event loop for seconds).
  const all = [...iri];
  let start = all.length;
  while (start > 0 && IS_NAME_CHAR.test(all[start - 1] ?? '')) start -= 1;
  // The tail may start with digits, dots or hyphens, which cannot begin a name: skip them.
  const chars = all.slice(start);
  let skip = 0;
  while (skip < chars.length && !IS_NAME_START.test(chars[skip] ?? '')) skip += 1;
  const local = chars.slice(skip).join('');
  const namespace = iri.slice(0, iri.length - local.length);
  if (local === '' || namespace === '') return undefined;
  return { namespace, local };
}

function checkXmlText(text: string, what: string): string {
  if (hasNonXmlCharacter(text)) throw new NotRepresentableError(`${what} holds a character XML 1.0 cannot represent`);
  return text;
}

const escapeText = (text: string) => text.replace(/[&<>\r]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#13;' })[char] ?? char);
const escapeAttribute = (text: string) =>
  text.replace(/[&<>"\t\n\r]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\t': '&#9;', '\n': '&#10;', '\r': '&#13;' })[char] ?? char);

class Namespaces {
  private readonly prefixOf = new Map<string, string>([[RDF_NS, 'rdf']]);
  private readonly used = new Set(['rdf']);
  private counter = 0;

  constructor(private readonly preferred: Record<string, string>) {}

  qname(iri: string): string {
    const split = splitIri(iri);
    if (!split) throw new NotRepresentableError(`the predicate <${iri}> has no XML local name, so RDF/XML cannot write it`);
    if (split.namespace === RDF_NS && RESERVED.has(split.local)) {
      throw new NotRepresentableError(`the predicate rdf:${split.local} is reserved syntax in RDF/XML`);
    }
    checkXmlText(split.namespace, `the namespace <${split.namespace}>`);
    if (RESERVED_NAMESPACES.includes(split.namespace)) throw new NotRepresentableError(`the namespace <${split.namespace}> is reserved by XML`);
    return `${this.prefixFor(split.namespace)}:${split.local}`;
  }

  private prefixFor(namespace: string): string {
    const known = this.prefixOf.get(namespace);
    if (known) return known;
    let prefix = Object.entries(this.preferred).find(
      ([name, iri]) => iri === namespace && isNcName(name) && !/^xml/i.test(name) && !this.used.has(name),
    )?.[0];
    while (!prefix || this.used.has(prefix)) prefix = `ns${++this.counter}`;
    this.prefixOf.set(namespace, prefix);
    this.used.add(prefix);
    return prefix;
  }

  declarations(): string {
    return [...this.prefixOf].map(([namespace, prefix]) => `\n    xmlns:${prefix}="${escapeAttribute(namespace)}"`).join('');
  }
}

export function writeRdfXml(quads: readonly Quad[], prefixes: Record<string, string> = {}): string {
  const namespaces = new Namespaces(prefixes);
  const nodeIds = new Map<string, string>();
  const nodeId = (term: Term) => {
    let id = nodeIds.get(term.value);
    if (!id) nodeIds.set(term.value, (id = `b${nodeIds.size}`));
    return id;
  };
  const subjects = new Map<string, Quad[]>();
  for (const quad of quads) {
    if (quad.graph.termType !== 'DefaultGraph') throw new NotRepresentableError('the dataset has named graphs, which RDF/XML cannot hold');
    const key = `${quad.subject.termType}:${quad.subject.value}`;
    const list = subjects.get(key) ?? [];
    list.push(quad);
    subjects.set(key, list);
  }

  const body: string[] = [];
  for (const statements of subjects.values()) {
    const subject = (statements[0] as Quad).subject;
    const about =
      subject.termType === 'BlankNode' ? `rdf:nodeID="${nodeId(subject)}"` : `rdf:about="${escapeAttribute(checkXmlText(subject.value, 'an IRI'))}"`;
    body.push(`  <rdf:Description ${about}>`);
    for (const { predicate, object } of statements) {
      const name = namespaces.qname(predicate.value);
      if (object.termType === 'NamedNode') {
        body.push(`    <${name} rdf:resource="${escapeAttribute(checkXmlText(object.value, 'an IRI'))}"/>`);
      } else if (object.termType === 'BlankNode') {
        body.push(`    <${name} rdf:nodeID="${nodeId(object)}"/>`);
      } else if (object.termType === 'Literal') {
        const text = escapeText(checkXmlText(object.value, 'a literal'));
        const datatype = object.datatype.value;
        const attribute = object.language
          ? ` xml:lang="${escapeAttribute(object.language)}"`
          : datatype === XSD_STRING || datatype === RDF_LANG_STRING
            ? ''
            : ` rdf:datatype="${escapeAttribute(checkXmlText(datatype, 'a datatype IRI'))}"`;
        body.push(`    <${name}${attribute}>${text}</${name}>`);
      } else {
        throw new NotRepresentableError(`a ${object.termType} cannot be written as RDF/XML`);
      }
    }
    body.push('  </rdf:Description>');
  }
  return `<?xml version="1.0" encoding="utf-8"?>\n<rdf:RDF${namespaces.declarations()}>\n${body.join('\n')}${body.length > 0 ? '\n' : ''}</rdf:RDF>\n`;
}
