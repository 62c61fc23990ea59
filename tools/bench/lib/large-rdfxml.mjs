// Generated RDF/XML ontologies of a chosen size, written as the OWL API (Protégé, ROBOT) writes
// them: a DOCTYPE declaring namespace entities used in every rdf:about and rdf:resource, one
// element per line, a comment before each class. The same terms as large-turtle.mjs (labels,
// parents, definitions, synonyms, comments), and next versions with 1% of the lines edited at
// random places (a word of a text, a superclass). Deterministic for a seed.
import { editedLines, pick, random, words, WORDS } from './large-turtle.mjs';

const idOf = (n) => `T${String(n).padStart(9, '0')}`;
const STEP = 1000;

const HEAD = `<?xml version="1.0"?>
<!DOCTYPE rdf:RDF [
    <!ENTITY owl "http://www.w3.org/2002/07/owl#" >
    <!ENTITY xsd "http://www.w3.org/2001/XMLSchema#" >
    <!ENTITY rdfs "http://www.w3.org/2000/01/rdf-schema#" >
    <!ENTITY rdf "http://www.w3.org/1999/02/22-rdf-syntax-ns#" >
    <!ENTITY ex "http://example.org/onto/" >
]>

<rdf:RDF xmlns="http://example.org/onto#"
     xml:base="http://example.org/onto"
     xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"
     xmlns:owl="http://www.w3.org/2002/07/owl#"
     xmlns:rdfs="http://www.w3.org/2000/01/rdf-schema#"
     xmlns:skos="http://www.w3.org/2004/02/skos/core#"
     xmlns:oboInOwl="http://www.geneontology.org/formats/oboInOwl#">
    <owl:Ontology rdf:about="http://example.org/onto">
        <rdfs:label xml:lang="en">Generated ontology</rdfs:label>
    </owl:Ontology>

`;
const TAIL = '</rdf:RDF>\n';

/** One class as the OWL API writes it; `label` overrides the generated label. */
export function rdfXmlClass(id, parent, rand, label) {
  const lines = [
    `    <!-- http://example.org/onto/${id} -->`,
    '',
    `    <owl:Class rdf:about="&ex;${id}">`,
    `        <rdfs:label xml:lang="en">${label ?? words(rand, 3)}</rdfs:label>`,
    `        <rdfs:subClassOf rdf:resource="&ex;${parent}"/>`,
  ];
  if (rand() < 0.7) lines.push(`        <skos:definition xml:lang="en">${words(rand, 8 + Math.floor(rand() * 12))}.</skos:definition>`);
  if (rand() < 0.5) lines.push(`        <oboInOwl:hasExactSynonym>${words(rand, 2)}</oboInOwl:hasExactSynonym>`);
  lines.push(`        <rdfs:comment>${words(rand, 4)}</rdfs:comment>`, '    </owl:Class>', '', '');
  return lines.join('\n');
}

/** An RDF/XML source of about `bytes` bytes. */
export function generateRdfXml(bytes, seed = 1) {
  const rand = random(seed);
  const parts = [HEAD];
  let size = HEAD.length + TAIL.length;
  for (let i = 1; size < bytes; i += 1) {
    const text = rdfXmlClass(idOf(i * STEP), idOf(Math.max(STEP, Math.floor(rand() * i) * STEP)), rand);
    parts.push(text);
    size += text.length;
  }
  parts.push(TAIL);
  return parts.join('');
}

function editLine(rand, line) {
  const text = />([^<]+)</.exec(line);
  if (text) {
    const list = text[1].split(' ');
    list[Math.floor(rand() * list.length)] = pick(rand, WORDS);
    return line.replace(text[0], `>${list.join(' ')}<`);
  }
  if (/rdf:resource="&ex;T\d+"/.test(line)) return line.replace(/&ex;T\d+/, `&ex;${idOf(Math.floor(rand() * 100_000) * STEP)}`);
  return line;
}

/** The next version: `share` of the lines (1% by default) edited at random places. */
export function editedRdfXml(text, seed, share = 0.01) {
  return editedLines(text, seed, share, editLine);
}
