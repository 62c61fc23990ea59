// Deep documents for tests of every layer that reads sources (formats, metrics, conversions,
// diffs, the REST API): one generator, so they all test the same shapes. Test code only.
export { MAX_JSON_DEPTH } from './check-json.js';
export { MAX_RDF_XML_DEPTH } from './check-rdfxml.js';

const RDF = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#';

/**
 * An ontology whose datatype enumerates `members` codes (owl:oneOf), written as Protégé and
 * the OWL API write a list of literals: nested rdf:Description/rdf:rest elements, two levels
 * per member, with the DOCTYPE entities they declare. `suffix` changes every member's text.
 */
export function deepRdfXmlList(members: number, suffix = ''): string {
  const parts = [
    `<?xml version="1.0"?>
<!DOCTYPE rdf:RDF [
    <!ENTITY owl "http://www.w3.org/2002/07/owl#" >
    <!ENTITY xsd "http://www.w3.org/2001/XMLSchema#" >
    <!ENTITY rdfs "http://www.w3.org/2000/01/rdf-schema#" >
    <!ENTITY rdf "${RDF}" >
]>
<rdf:RDF xmlns="http://example.org/codes#"
     xml:base="http://example.org/codes"
     xmlns:rdfs="http://www.w3.org/2000/01/rdf-schema#"
     xmlns:owl="http://www.w3.org/2002/07/owl#"
     xmlns:xsd="http://www.w3.org/2001/XMLSchema#"
     xmlns:rdf="${RDF}">
    <owl:Ontology rdf:about="http://example.org/codes"/>
    <rdfs:Datatype rdf:about="http://example.org/codes#Code">
        <owl:equivalentClass>
            <rdfs:Datatype>
                <owl:oneOf>
`,
  ];
  for (let member = 0; member < members; member += 1) {
    parts.push(
      `<rdf:Description><rdf:type rdf:resource="&rdf;List"/><rdf:first rdf:datatype="&xsd;string">C${member}${suffix}</rdf:first><rdf:rest>\n`,
    );
  }
  parts.push('<rdf:Description rdf:about="&rdf;nil"/>\n');
  for (let member = 0; member < members; member += 1) parts.push('</rdf:rest></rdf:Description>\n');
  parts.push(`                </owl:oneOf>
            </rdfs:Datatype>
        </owl:equivalentClass>
    </rdfs:Datatype>
</rdf:RDF>
`);
  return parts.join('');
}

/** The triples of deepRdfXmlList(members): ontology, datatype, its equivalent datatype, and three per member. */
export const deepRdfXmlListTriples = (members: number): number => 5 + 3 * members;

/** RDF/XML on one line whose elements nest `depth` levels in all (rdf:RDF included), node and property elements in turn. */
export function hostileRdfXml(depth: number): string {
  const pairs = Math.floor((depth - 1) / 2);
  const inner = (depth - 1) % 2 === 1 ? '<rdf:Description/>' : 'x';
  return `<rdf:RDF xmlns:rdf="${RDF}" xmlns:ex="http://example.org/">${'<rdf:Description><ex:p>'.repeat(pairs)}${inner}${'</ex:p></rdf:Description>'.repeat(pairs)}</rdf:RDF>`;
}
