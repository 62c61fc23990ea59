// Blank nodes made comparable across graphs. RDFC-1.0 (rdf-canonize) labels every blank node
// canonically; those labels (c14n0, c14n1, ...) are positions, though, so one new blank node
// can shift all the others. Each canonical blank node is therefore renamed after what it is and
// where it hangs: its first-degree hash (RDFC-1.0 section 4.6: its own quads, itself as _:a,
// other blank nodes as _:z), the hash of everything below it (its statements with blank objects
// replaced by their own such hashes) and the hash of the paths of predicates that lead to it
// from named subjects. Only blank nodes alike in all three are numbered, in canonical order.
// Isomorphic graphs get identical statements; a blank node keeps its label from one version to
// the next unless it, something below it, or its place changed.
import { createHash } from 'node:crypto';
import { DataFactory } from 'n3';
import { hasBlankNode, quadToNQuads, termToNQuads, type Quad, type Term } from './terms.js';
import { rdfCanonize } from './vendor/rdf-canonize.js';
import type { PlainQuad } from './vendor/jsonld.js';

export type CanonicalGraph = {
  /** Statements by their N-Quads line (stable blank node labels), without duplicates. */
  statements: Map<string, Quad>;
  blankNodes: number;
};

export type CanonicalOptions = {
  /** Bound on the estimated N-degree hashing work; a graph above it is refused (default 5,000,000). */
  maxWork?: number;
  signal?: AbortSignal;
};

// RDFC-1.0 tells look-alike blank nodes (equal first-degree hashes) apart by N-degree hashing,
// which walks the blank nodes connected to each of them: about (look-alikes × size of their
// connected group of blank nodes) hashings. Real ontologies need little (schema.org: 7,000
// look-alikes in small groups), but a long list repeating one value needs its length squared.
// Graphs estimated above the bound are refused at once (callers fall back to a text diff),
// and RDFC-1.0 is stopped at a multiple of the estimate.
const MAX_WORK = 5_000_000;

export class CanonicalizationError extends Error {}

function relabel(term: Term, labels: Map<string, string>): Term {
  if (term.termType !== 'BlankNode') return term;
  return DataFactory.blankNode(labels.get(term.value) ?? term.value);
}

function relabelQuad(quad: Quad, labels: Map<string, string>): Quad {
  return DataFactory.quad(
    relabel(quad.subject, labels) as Quad['subject'],
    quad.predicate,
    relabel(quad.object, labels) as Quad['object'],
    relabel(quad.graph, labels) as Quad['graph'],
  );
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const blankValues = (quad: Quad) => [quad.subject, quad.object, quad.graph].filter((term) => term.termType === 'BlankNode').map((term) => term.value);

/** Hash First Degree Quads of every blank node of `quads` (already canonically labelled). */
function firstDegreeHashes(quads: readonly Quad[]): Map<string, string> {
  const linesOf = new Map<string, string[]>();
  for (const quad of quads) {
    for (const node of new Set(blankValues(quad))) {
      const line = [quad.subject, quad.predicate, quad.object, quad.graph]
        .map((term) => (term.termType === 'BlankNode' ? (term.value === node ? '_:a' : '_:z') : termToNQuads(term)))
        .filter(Boolean)
        .join(' ');
      const lines = linesOf.get(node) ?? [];
      lines.push(`${line} .\n`);
      linesOf.set(node, lines);
    }
  }
  const hashes = new Map<string, string>();
  for (const [node, lines] of linesOf) hashes.set(node, sha256(lines.sort().join('')));
  return hashes;
}

/**
 * A value per node computed from the values of the nodes it depends on, without recursion (RDF
 * lists can be thousands of nodes deep). A dependency on a node still being computed (a cycle)
 * reads as "cycle"; walks start in canonical order, so even then the result is canonical.
 */
function foldNodes(order: readonly string[], dependencies: (node: string) => readonly string[], compute: (node: string, valueOf: (node: string) => string) => string) {
  const values = new Map<string, string>();
  const pending = new Set<string>();
  const valueOf = (node: string) => values.get(node) ?? 'cycle';
  for (const start of order) {
    if (values.has(start)) continue;
    const stack: [string, boolean][] = [[start, false]];
    while (stack.length > 0) {
      const [node, expanded] = stack.pop() as [string, boolean];
      if (values.has(node)) continue;
      if (expanded) {
        pending.delete(node);
        values.set(node, compute(node, valueOf));
        continue;
      }
      if (pending.has(node)) continue;
      pending.add(node);
      stack.push([node, true]);
      for (const next of dependencies(node)) if (!values.has(next) && !pending.has(next)) stack.push([next, false]);
    }
  }
  return values;
}

/** Estimated N-degree hashings: for each look-alike blank node, the size of its connected group of blank nodes. */
function nDegreeWork(quads: readonly Quad[]): number {
  const parent = new Map<string, string>();
  const root = (node: string): string => {
    let current = node;
    while (parent.get(current) !== current) {
      const up = parent.get(current) ?? current;
      parent.set(current, parent.get(up) ?? up);
      current = up;
    }
    return current;
  };
  for (const quad of quads) {
    const nodes = blankValues(quad);
    for (const node of nodes) if (!parent.has(node)) parent.set(node, node);
    for (const node of nodes.slice(1)) parent.set(root(node), root(nodes[0] ?? node));
  }
  const groupSize = new Map<string, number>();
  for (const node of parent.keys()) groupSize.set(root(node), (groupSize.get(root(node)) ?? 0) + 1);
  const byHash = new Map<string, string[]>();
  for (const [node, hash] of firstDegreeHashes(quads)) byHash.set(hash, [...(byHash.get(hash) ?? []), node]);
  let work = 0;
  for (const nodes of byHash.values()) if (nodes.length > 1) for (const node of nodes) work += groupSize.get(root(node)) ?? 1;
  return work;
}

type Edge = { other: Term; line: string };

/** Stable labels: `h` + 16 hex digits of the identity hash, `_n` added within a group of look-alikes. */
function stableLabels(quads: readonly Quad[]): Map<string, string> {
  const firstDegree = firstDegreeHashes(quads);
  const order = [...firstDegree.keys()].sort((a, b) => Number(a.replace(/^c14n/, '')) - Number(b.replace(/^c14n/, '')));
  const below = new Map<string, Edge[]>();
  const above = new Map<string, Edge[]>();
  for (const quad of quads) {
    const graph = termToNQuads(quad.graph);
    if (quad.subject.termType === 'BlankNode') {
      const edges = below.get(quad.subject.value) ?? [];
      edges.push({ other: quad.object, line: `${termToNQuads(quad.predicate)} ${graph}` });
      below.set(quad.subject.value, edges);
    }
    if (quad.object.termType === 'BlankNode') {
      const edges = above.get(quad.object.value) ?? [];
      edges.push({ other: quad.subject, line: `${termToNQuads(quad.predicate)} ${graph}` });
      above.set(quad.object.value, edges);
    }
  }
  const fold = (edges: Map<string, Edge[]>) =>
    foldNodes(
      order,
      (node) => (edges.get(node) ?? []).filter((edge) => edge.other.termType === 'BlankNode').map((edge) => edge.other.value),
      (node, valueOf) =>
        sha256(
          (edges.get(node) ?? [])
            .map(({ other, line }) => `${line} ${other.termType === 'BlankNode' ? valueOf(other.value) : termToNQuads(other)}`)
            .sort()
            .join('\n'),
        ),
    );
  const content = fold(below);
  const place = fold(above);

  const groups = new Map<string, string[]>();
  for (const node of order) {
    const hash = sha256(`${firstDegree.get(node) ?? ''}\n${content.get(node) ?? ''}\n${place.get(node) ?? ''}`);
    groups.set(hash, [...(groups.get(hash) ?? []), node]);
  }
  const labels = new Map<string, string>();
  for (const [hash, nodes] of groups) {
    const stem = `h${hash.slice(0, 16)}`;
    if (nodes.length === 1) labels.set(nodes[0] ?? '', stem);
    else nodes.forEach((node, index) => labels.set(node, `${stem}_${index + 1}`));
  }
  return labels;
}

export async function canonicalGraph(quads: readonly Quad[], options: CanonicalOptions = {}): Promise<CanonicalGraph> {
  const statements = new Map<string, Quad>();
  const unique = new Map<string, Quad>();
  for (const quad of quads) {
    const line = quadToNQuads(quad);
    if (hasBlankNode(quad)) unique.set(line, quad);
    else statements.set(line, quad);
  }
  if (unique.size === 0) return { statements, blankNodes: 0 };

  const blanky = [...unique.values()];
  const work = nDegreeWork(blanky);
  const maxWork = options.maxWork ?? MAX_WORK;
  if (work > maxWork) {
    throw new CanonicalizationError(`the graph has too many blank nodes that look alike to canonicalize within bounds (estimated work ${work})`);
  }
  const canonicalIds = new Map<string, string>();
  try {
    await rdfCanonize.canonize(blanky as unknown as PlainQuad[], {
      algorithm: 'RDFC-1.0',
      canonicalIdMap: canonicalIds,
      maxDeepIterations: Math.min(maxWork, Math.max(10_000, 4 * work)),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    throw new CanonicalizationError(`the blank nodes could not be canonicalized: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  const canonical = blanky.map((quad) => relabelQuad(quad, canonicalIds));
  const labels = stableLabels(canonical);
  for (const quad of canonical) {
    const stable = relabelQuad(quad, labels);
    statements.set(quadToNQuads(stable), stable);
  }
  return { statements, blankNodes: labels.size };
}

/** Sorted canonical N-Quads of a graph: equal strings for isomorphic graphs. */
export async function canonicalNQuads(quads: readonly Quad[], options: CanonicalOptions = {}): Promise<string> {
  const { statements } = await canonicalGraph(quads, options);
  return [...statements.keys()]
    .sort()
    .map((line) => `${line}\n`)
    .join('');
}
