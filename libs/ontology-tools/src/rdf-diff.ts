// The semantic diff of two RDF graphs: statements removed and added once both are parsed and
// their blank nodes canonicalized, grouped by subject, with labels where the graphs have them
// and counts of the classes, properties and individuals that appeared, went or changed.
import { canonicalGraph, type CanonicalOptions } from './canonical.js';
import { GraphIndex, type EntityKind } from './rdf-entities.js';
import { toWireTerm, type Quad, type WireTerm } from './terms.js';

export type RdfStatementChange = {
  predicate: string;
  predicate_label?: string;
  object: WireTerm;
  object_label?: string;
  /** The named graph, for JSON-LD datasets; absent in the default graph. */
  graph?: string;
};

export type RdfSubjectChange = {
  subject: WireTerm;
  label?: string;
  entity?: EntityKind;
  /** For a blank node: the named subject it belongs to (e.g. the class of a restriction). */
  owner?: string;
  added: RdfStatementChange[];
  removed: RdfStatementChange[];
};

export type ChangeCounts = { added: number; removed: number; changed: number };

export type RdfDiffSummary = {
  triples_added: number;
  triples_removed: number;
  subjects_changed: number;
  blank_nodes: { from: number; to: number };
  classes: ChangeCounts;
  properties: ChangeCounts;
  individuals: ChangeCounts;
};

export type RdfDiff = { kind: 'rdf'; summary: RdfDiffSummary; changes: RdfSubjectChange[]; truncated: boolean };

export type RdfDiffOptions = CanonicalOptions & { /** Most statements listed in `changes` (the summary counts all). */ limit?: number };

type Side = 'added' | 'removed';

function subjectKey(term: Quad['subject']): string {
  return `${term.termType === 'BlankNode' ? '1' : '0'}${term.value}`;
}

function describe(quad: Quad, labels: (iri: string) => string | undefined): RdfStatementChange {
  const change: RdfStatementChange = { predicate: quad.predicate.value, object: toWireTerm(quad.object) };
  const predicateLabel = labels(quad.predicate.value);
  if (predicateLabel !== undefined) change.predicate_label = predicateLabel;
  if (quad.object.termType === 'NamedNode') {
    const objectLabel = labels(quad.object.value);
    if (objectLabel !== undefined) change.object_label = objectLabel;
  }
  if (quad.graph.termType !== 'DefaultGraph') change.graph = quad.graph.value;
  return change;
}

const compareChanges = (a: RdfStatementChange, b: RdfStatementChange) =>
  a.predicate.localeCompare(b.predicate) || JSON.stringify(a.object).localeCompare(JSON.stringify(b.object));

function countKinds(touched: Iterable<string>, from: GraphIndex, to: GraphIndex, kind: EntityKind): ChangeCounts {
  const counts = { added: 0, removed: 0, changed: 0 };
  for (const iri of touched) {
    const before = from.kind(iri) === kind;
    const after = to.kind(iri) === kind;
    if (before && after) counts.changed += 1;
    else if (after) counts.added += 1;
    else if (before) counts.removed += 1;
  }
  return counts;
}

export async function diffGraphs(fromQuads: readonly Quad[], toQuads: readonly Quad[], options: RdfDiffOptions = {}): Promise<RdfDiff> {
  const [from, to] = await Promise.all([canonicalGraph(fromQuads, options), canonicalGraph(toQuads, options)]);
  const changed: { side: Side; quad: Quad }[] = [];
  for (const [line, quad] of from.statements) if (!to.statements.has(line)) changed.push({ side: 'removed', quad });
  for (const [line, quad] of to.statements) if (!from.statements.has(line)) changed.push({ side: 'added', quad });

  const fromIndex = new GraphIndex(from.statements.values());
  const toIndex = new GraphIndex(to.statements.values());
  const labelOf = (iri: string) => toIndex.label(iri) ?? fromIndex.label(iri);
  const indexOf = (side: Side) => (side === 'added' ? toIndex : fromIndex);

  const groups = new Map<string, RdfSubjectChange>();
  const touched = new Set<string>();
  for (const { side, quad } of changed) {
    const key = subjectKey(quad.subject);
    let group = groups.get(key);
    if (!group) {
      group = { subject: toWireTerm(quad.subject), added: [], removed: [] };
      if (quad.subject.termType === 'NamedNode') {
        const label = labelOf(quad.subject.value);
        if (label !== undefined) group.label = label;
        const entity = toIndex.kind(quad.subject.value) ?? fromIndex.kind(quad.subject.value);
        if (entity !== undefined) group.entity = entity;
      } else {
        const owner = indexOf(side).ownerOf(quad.subject.value);
        if (owner !== undefined) group.owner = owner;
      }
      groups.set(key, group);
    }
    const owner = quad.subject.termType === 'NamedNode' ? quad.subject.value : group.owner;
    if (owner !== undefined) touched.add(owner);
    group[side].push(describe(quad, labelOf));
  }

  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  let listed = 0;
  let truncated = false;
  const changes: RdfSubjectChange[] = [];
  for (const key of [...groups.keys()].sort()) {
    const group = groups.get(key) as RdfSubjectChange;
    group.removed.sort(compareChanges);
    group.added.sort(compareChanges);
    const room = limit - listed;
    if (group.added.length + group.removed.length > room) {
      // The last group that fits in part is listed in part: removals first, then additions.
      const removed = group.removed.slice(0, room);
      const added = group.added.slice(0, room - removed.length);
      if (removed.length + added.length > 0) changes.push({ ...group, removed, added });
      truncated = true;
      break;
    }
    listed += group.added.length + group.removed.length;
    changes.push(group);
  }

  const added = changed.filter((change) => change.side === 'added').length;
  return {
    kind: 'rdf',
    summary: {
      triples_added: added,
      triples_removed: changed.length - added,
      subjects_changed: groups.size,
      blank_nodes: { from: from.blankNodes, to: to.blankNodes },
      classes: countKinds(touched, fromIndex, toIndex, 'class'),
      properties: countKinds(touched, fromIndex, toIndex, 'property'),
      individuals: countKinds(touched, fromIndex, toIndex, 'individual'),
    },
    changes,
    truncated,
  };
}
