// Generated OBO Graphs JSON of a chosen size, written as ROBOT writes it (`robot convert --format
// json`, the form of go.json): one pretty-printed graph, two-space indents, `"key" : value`, a node
// per class with its label, definition, synonyms and comments, then the is_a edges. The same terms
// as large-turtle.mjs, and next versions with 1% of the lines edited at random places (a word of
// a label or text). Deterministic for a seed.
import { editedLines, pick, random, words, WORDS } from './large-turtle.mjs';

const idOf = (n) => `T${String(n).padStart(9, '0')}`;
const STEP = 1000;
const IRI = 'http://example.org/onto/';

const HEAD = `{
  "graphs" : [ {
    "id" : "http://example.org/onto",
    "meta" : {
      "basicPropertyValues" : [ {
        "pred" : "http://www.w3.org/2002/07/owl#versionInfo",
        "val" : "2026-11-26"
      } ]
    },
    "nodes" : [ `;

/** One node as ROBOT writes it (without the separator before it); `label` overrides the generated label. */
export function oboGraphsNode(id, rand, label) {
  const meta = [];
  if (rand() < 0.7) meta.push(`        "definition" : {\n          "val" : "${words(rand, 8 + Math.floor(rand() * 12))}.",\n          "xrefs" : [ "GOC:gen" ]\n        }`);
  meta.push(`        "comments" : [ "${words(rand, 4)}" ]`);
  if (rand() < 0.5) meta.push(`        "synonyms" : [ {\n          "pred" : "hasExactSynonym",\n          "val" : "${words(rand, 2)}"\n        } ]`);
  return `{\n      "id" : "${IRI}${id}",\n      "lbl" : "${label ?? words(rand, 3)}",\n      "type" : "CLASS",\n      "meta" : {\n${meta.join(',\n')}\n      }\n    }`;
}

/**
 * An OBO Graphs source of about `bytes` bytes; `planted` (a node's text from oboGraphsNode) is
 * written in its middle.
 */
export function generateOboGraphs(bytes, seed = 1, planted = '') {
  const rand = random(seed);
  const nodes = [];
  const edges = [];
  let size = HEAD.length;
  for (let i = 1; size < bytes; i += 1) {
    const node = oboGraphsNode(idOf(i * STEP), rand);
    nodes.push(node);
    const edge = `{\n      "sub" : "${IRI}${idOf(i * STEP)}",\n      "pred" : "is_a",\n      "obj" : "${IRI}${idOf(Math.max(STEP, Math.floor(rand() * i) * STEP))}"\n    }`;
    edges.push(edge);
    size += node.length + edge.length + 4;
  }
  if (planted) nodes.splice(Math.floor(nodes.length / 2), 0, planted);
  return `${HEAD}${nodes.join(', ')} ],\n    "edges" : [ ${edges.join(', ')} ]\n  } ]\n}\n`;
}

function editLine(rand, line) {
  const text = /^(\s*"(?:lbl|val)" : ")([^"]+)(",?)$/.exec(line) ?? /^(\s*"comments" : \[ ")([^"]+)(" \],?)$/.exec(line);
  if (!text) return line;
  const list = text[2].split(' ');
  list[Math.floor(rand() * list.length)] = pick(rand, WORDS);
  return `${text[1]}${list.join(' ')}${text[3]}`;
}

/** The next version: `share` of the lines (1% by default) edited at random places (only texts change, so it stays valid JSON). */
export function editedOboGraphs(text, seed, share = 0.01) {
  return editedLines(text, seed, share, editLine);
}
