// Generated Turtle ontologies of a chosen size and their next versions, as real releases
// change them: 1% of the lines edited at random places through the whole file (a word of a
// label or definition, a superclass), or new terms inserted in sorted order (a sorted
// serialization puts them everywhere). Deterministic for a seed.

export const WORDS = ('cell process membrane binding activity protein complex regulation transport signal receptor pathway ' +
  'development organ tissue neuron synapse metabolic biosynthetic catabolic response stimulus chemical compound ion ' +
  'channel enzyme kinase phosphatase nucleus cytoplasm mitochondrion ribosome structure anatomical entity quality ' +
  'disease phenotype gene product transcription translation modification localization assembly organization').split(' ');

export function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One item of `list`, and `count` random words, drawn with `rand`. */
export const pick = (rand, list) => list[Math.floor(rand() * list.length)];
export const words = (rand, count) => Array.from({ length: count }, () => pick(rand, WORDS)).join(' ');
const idOf = (n) => `ex:T${String(n).padStart(9, '0')}`;

const PREFIXES = `@prefix ex: <http://example.org/onto/> .
@prefix owl: <http://www.w3.org/2002/07/owl#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
@prefix oboInOwl: <http://www.geneontology.org/formats/oboInOwl#> .

<http://example.org/onto> a owl:Ontology ;
    rdfs:label "Generated ontology"@en .

`;

function termText(rand, n, parentOf) {
  const lines = [`${idOf(n)} a owl:Class ;`, `    rdfs:label "${words(rand, 3)}"@en ;`, `    rdfs:subClassOf ${idOf(parentOf)} ;`];
  if (rand() < 0.7) lines.push(`    skos:definition "${words(rand, 8 + Math.floor(rand() * 12))}."@en ;`);
  if (rand() < 0.5) lines.push(`    oboInOwl:hasExactSynonym "${words(rand, 2)}" ;`);
  lines.push(`    rdfs:comment "${words(rand, 4)}" .`, '');
  return lines.join('\n');
}

/** Terms numbered by STEP so that later versions can insert terms between them, in order. */
const STEP = 1000;

/** A Turtle source of about `bytes` bytes, with its terms (for sorted insertions). */
export function generateTurtle(bytes, seed = 1) {
  const rand = random(seed);
  const terms = [];
  let size = PREFIXES.length;
  for (let i = 1; size < bytes; i += 1) {
    const n = i * STEP;
    const text = termText(rand, n, Math.max(STEP, Math.floor(rand() * i) * STEP));
    terms.push({ n, text });
    size += text.length + 1;
  }
  return { terms, text: PREFIXES + terms.map((term) => term.text).join('\n') };
}

function editLine(rand, line) {
  const quoted = line.match(/"([^"]*)"/);
  if (quoted) {
    const list = quoted[1].split(' ');
    list[Math.floor(rand() * list.length)] = pick(rand, WORDS);
    return line.replace(quoted[0], `"${list.join(' ')}"`);
  }
  if (/ex:T\d+/.test(line)) return line.replace(/ex:T\d+/, idOf(Math.floor(rand() * 100_000) * STEP));
  return line;
}

/** `share` of the lines of `text` passed through `edit` at random places (deterministic for a seed). */
export function editedLines(text, seed, share, edit) {
  const rand = random(seed);
  const lines = text.split('\n');
  const count = Math.round(lines.length * share);
  for (let k = 0; k < count; k += 1) {
    const at = Math.floor(rand() * lines.length);
    lines[at] = edit(rand, lines[at]);
  }
  return lines.join('\n');
}

/** The next version: `share` of the lines (1% by default) edited at random places. */
export function editedVersion(text, seed, share = 0.01) {
  return editedLines(text, seed, share, editLine);
}

/** The next version: new terms, about `share` of the lines, inserted at their sorted places. */
export function insertedVersion(generated, seed, share = 0.01) {
  const rand = random(seed);
  const lineCount = generated.text.split('\n').length;
  const wanted = Math.max(1, Math.round((lineCount * share) / 6));
  const terms = [...generated.terms];
  for (let k = 0; k < wanted; k += 1) {
    const at = 1 + Math.floor(rand() * (terms.length - 1));
    const before = terms[at - 1].n;
    const gap = terms[at].n - before;
    if (gap < 2) continue;
    const n = before + 1 + Math.floor(rand() * (gap - 1));
    terms.splice(at, 0, { n, text: termText(rand, n, terms[Math.floor(rand() * at)].n) });
  }
  return { terms, text: PREFIXES + terms.map((term) => term.text).join('\n') };
}

/**
 * Writes generateTurtle's kind of source of about `bytes` bytes to `path` a term at a time (for
 * sources too large to build as one string, e.g. 500 MB); answers the bytes written.
 */
export async function writeTurtleFile(path, bytes, seed = 1) {
  const { createWriteStream } = await import('node:fs');
  const { once } = await import('node:events');
  const out = createWriteStream(path);
  const rand = random(seed);
  let size = Buffer.byteLength(PREFIXES);
  out.write(PREFIXES);
  for (let i = 1; size < bytes; i += 1) {
    const text = `${termText(rand, i * STEP, Math.max(STEP, Math.floor(rand() * i) * STEP))}\n`;
    size += Buffer.byteLength(text);
    if (!out.write(text)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return size;
}
