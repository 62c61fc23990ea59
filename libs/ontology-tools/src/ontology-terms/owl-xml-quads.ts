// OWL/XML (an owl source whose root is owl:Ontology) read as the RDF statements its axioms map
// to, as far as terms need them: declarations become rdf:type, named SubClassOf and
// Sub*PropertyOf become rdfs:subClassOf and rdfs:subPropertyOf, ClassAssertion rdf:type, and
// annotation, object and data property assertions their triples. Complex class expressions,
// which map to blank nodes, and axiom annotations are left out. One element of the ontology
// is held at a time, so memory stays flat however long the document is.
import { DataFactory } from 'n3';
import { SaxesParser, type SaxesAttributeNS } from 'saxes';
import { PLACEHOLDER_BASE } from '../json-ld.js';
import type { Quad } from '../terms.js';
import { OWL_NS, RDF_NS, RDF_TYPE, RDFS_NS, XSD_NS, XSD_STRING } from '../vocabulary.js';
import { doctypeEntities } from './owl-xml-entities.js';

export type QuadSink = { quad(quad: Quad): void; prefix(name: string, iri: string): void };

type Element = { local: string; attrs: Record<string, string>; text: string; children: Element[] };

const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const ABSOLUTE = /^[A-Za-z][A-Za-z0-9+.-]*:/;
const DECLARED_TYPES: Record<string, string> = {
  Class: `${OWL_NS}Class`,
  ObjectProperty: `${OWL_NS}ObjectProperty`,
  DataProperty: `${OWL_NS}DatatypeProperty`,
  AnnotationProperty: `${OWL_NS}AnnotationProperty`,
  NamedIndividual: `${OWL_NS}NamedIndividual`,
  Datatype: `${RDFS_NS}Datatype`,
};
const SUB_PROPERTY_AXIOMS: Record<string, string> = {
  SubObjectPropertyOf: 'ObjectProperty',
  SubDataPropertyOf: 'DataProperty',
  SubAnnotationPropertyOf: 'AnnotationProperty',
};
const PLAIN_LITERAL = `${RDF_NS}PlainLiteral`;

class OwlXmlMapper {
  /** OWL 2 predefines these four; the document's own Prefix elements add to them. */
  private readonly prefixes: Record<string, string> = { rdf: RDF_NS, rdfs: RDFS_NS, xsd: XSD_NS, owl: OWL_NS };
  base = PLACEHOLDER_BASE;

  constructor(private readonly sink: QuadSink) {}

  private resolve(iri: string): string {
    if (ABSOLUTE.test(iri)) return iri;
    try {
      return new URL(iri, this.base).href;
    } catch {
      return iri;
    }
  }

  private expand(abbreviated: string): string | undefined {
    const colon = abbreviated.indexOf(':');
    const namespace = colon === -1 ? undefined : this.prefixes[abbreviated.slice(0, colon)];
    return namespace === undefined ? undefined : namespace + abbreviated.slice(colon + 1);
  }

  /** The IRI an entity element (IRI or abbreviatedIRI attribute) or an IRI/AbbreviatedIRI element names. */
  private iriOf(element: Element | undefined): string | undefined {
    if (!element) return undefined;
    if (element.local === 'IRI') return this.resolve(element.text.trim());
    if (element.local === 'AbbreviatedIRI') return this.expand(element.text.trim());
    const iri = element.attrs['IRI'];
    if (iri !== undefined) return this.resolve(iri);
    const abbreviated = element.attrs['abbreviatedIRI'];
    return abbreviated === undefined ? undefined : this.expand(abbreviated);
  }

  private literalOf(element: Element): Quad['object'] {
    const language = element.attrs['xml:lang'];
    if (language) return DataFactory.literal(element.text, language);
    const datatype = element.attrs['datatypeIRI'];
    const iri = datatype === undefined ? XSD_STRING : this.resolve(datatype);
    return DataFactory.literal(element.text, DataFactory.namedNode(iri === PLAIN_LITERAL ? XSD_STRING : iri));
  }

  private emit(subject: string | undefined, predicate: string | undefined, object: Quad['object'] | string | undefined): void {
    if (subject === undefined || predicate === undefined || object === undefined) return;
    const value = typeof object === 'string' ? DataFactory.namedNode(object) : object;
    this.sink.quad(DataFactory.quad(DataFactory.namedNode(subject), DataFactory.namedNode(predicate), value));
  }

  /** One child of owl:Ontology, whole. */
  axiom(element: Element): void {
    const [first, second, third] = element.children.filter((child) => child.local !== 'Annotation');
    if (element.local === 'Prefix') {
      const name = element.attrs['name'] ?? '';
      const iri = element.attrs['IRI'];
      if (iri !== undefined) {
        this.prefixes[name] = iri;
        this.sink.prefix(name, iri);
      }
    } else if (element.local === 'Declaration' && first) {
      this.emit(this.iriOf(first), RDF_TYPE, DECLARED_TYPES[first.local]);
    } else if (element.local === 'SubClassOf' && first?.local === 'Class' && second?.local === 'Class') {
      this.emit(this.iriOf(first), `${RDFS_NS}subClassOf`, this.iriOf(second));
    } else if (first && SUB_PROPERTY_AXIOMS[element.local] === first.local && second?.local === first.local) {
      this.emit(this.iriOf(first), `${RDFS_NS}subPropertyOf`, this.iriOf(second));
    } else if (element.local === 'ClassAssertion' && first?.local === 'Class' && second?.local === 'NamedIndividual') {
      this.emit(this.iriOf(second), RDF_TYPE, this.iriOf(first));
    } else if (element.local === 'AnnotationAssertion' && first && second && third) {
      this.emit(this.iriOf(second), this.iriOf(first), third.local === 'Literal' ? this.literalOf(third) : this.iriOf(third));
    } else if (element.local === 'ObjectPropertyAssertion' && first?.local === 'ObjectProperty' && second?.local === 'NamedIndividual' && third?.local === 'NamedIndividual') {
      this.emit(this.iriOf(second), this.iriOf(first), this.iriOf(third));
    } else if (element.local === 'DataPropertyAssertion' && first?.local === 'DataProperty' && second?.local === 'NamedIndividual' && third?.local === 'Literal') {
      this.emit(this.iriOf(second), this.iriOf(first), this.literalOf(third));
    }
  }
}

function attributesOf(attributes: Record<string, SaxesAttributeNS>): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const attribute of Object.values(attributes)) {
    if (attribute.uri === '') attrs[attribute.local] = attribute.value;
    else if (attribute.uri === XML_NS) attrs[`xml:${attribute.local}`] = attribute.value;
  }
  return attrs;
}

/**
 * Reads an OWL/XML document written to it in pieces (`write`, then `close`), streaming its
 * statements to `sink`; throws when the XML cannot be read. `root` is the root element's
 * namespace and name once it has opened.
 */
export class OwlXmlReader {
  root: { uri: string; local: string } | undefined;
  private readonly parser = new SaxesParser({ xmlns: true });

  constructor(sink: QuadSink) {
    const mapper = new OwlXmlMapper(sink);
    const parser = this.parser;
    const open: Element[] = [];
    parser.on('doctype', (doctype) => Object.assign(parser.ENTITIES, doctypeEntities(doctype)));
    parser.on('opentag', (tag) => {
      const element: Element = { local: tag.local ?? tag.name, attrs: attributesOf(tag.attributes as Record<string, SaxesAttributeNS>), text: '', children: [] };
      if (open.length === 0) {
        mapper.base = element.attrs['xml:base'] ?? PLACEHOLDER_BASE;
        this.root ??= { uri: tag.uri ?? '', local: element.local };
      } else if (open.length > 1) open[open.length - 1]?.children.push(element);
      open.push(element);
    });
    const onText = (text: string) => {
      const current = open[open.length - 1];
      if (current && open.length > 1) current.text += text;
    };
    parser.on('text', onText);
    parser.on('cdata', onText);
    parser.on('closetag', () => {
      const element = open.pop();
      if (element && open.length === 1) mapper.axiom(element);
    });
    parser.on('error', (error) => {
      throw error;
    });
  }

  write(text: string): void {
    this.parser.write(text);
  }

  close(): void {
    this.parser.close();
  }
}

/** Streams the statements of an OWL/XML document to `sink`; throws when the XML cannot be read. */
export function readOwlXml(text: string, sink: QuadSink): void {
  const reader = new OwlXmlReader(sink);
  reader.write(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  reader.close();
}
