// Writes a new commit's terms in the commit's transaction (DESIGN 6.2: searchable when the
// create or update answer returns). The head's states are compared by digest: a term whose
// state is unchanged keeps its row (its interval simply goes on), a changed one ends its row
// at this commit and starts a new one, so storage grows with changes, not with versions.
import { createHash } from 'node:crypto';
import {
  commitTermsIndexed,
  type ChildCountDelta,
  headTermStates,
  markCommitTermsPending,
  writeCommitTerms,
  type HeadTermState,
  type NewTermChange,
  type NewTermState,
  type TermSql,
  type TermsStatus,
} from '@oms/db';
import type { ServiceContext } from '../context.js';
import { termChanges, termSearchColumns, type OntologyTerm, type TermChange, type TermKind, type TermsResult } from '@oms/ontology-tools';

/** Everything stored of a term, hashed: a state changes when any of it does (annotations and CURIE included). */
export const digestOf = (term: OntologyTerm) => createHash('sha256').update(JSON.stringify(term)).digest('base64url');

/** A term of the commit with its digest (computed once: it decides whether the term starts a state). */
export type DigestedTerm = { term: OntologyTerm; digest: string };

export function stateOf({ term, digest }: DigestedTerm): NewTermState {
  const columns = termSearchColumns(term);
  return {
    iri: term.iri,
    digest,
    curie: term.curie,
    kind: term.kind,
    label: term.label,
    synonyms: term.synonyms,
    definition: term.definition,
    deprecated: term.deprecated,
    replaced_by: term.replaced_by,
    parents: term.parents,
    annotations: term.annotations,
    id_keys: columns.idKeys,
    label_norm: columns.labelNorm,
    synonyms_norm: columns.synonymsNorm,
    name_words: columns.nameWords,
    definition_words: columns.definitionWords,
  };
}

/** Per parent: the edges the started states add minus those of the ended head states (DISTINCT parents, as the edges are written). */
export function childCountDeltas(started: readonly DigestedTerm[], ended: readonly HeadTermState[]): ChildCountDelta[] {
  const deltas = new Map<string, ChildCountDelta>();
  const move = (state: { parents: string[]; deprecated: boolean }, sign: 1 | -1) => {
    for (const parent of new Set(state.parents)) {
      const delta = deltas.get(parent) ?? { parent_iri: parent, children: 0, live_children: 0 };
      delta.children += sign;
      if (!state.deprecated) delta.live_children += sign;
      deltas.set(parent, delta);
    }
  };
  for (const { term } of started) move(term, 1);
  for (const state of ended) move(state, -1);
  return [...deltas.values()].filter((delta) => delta.children !== 0 || delta.live_children !== 0);
}

export const asTerm = (state: HeadTermState): OntologyTerm => ({ ...state, kind: state.kind as TermKind, annotations: [] });

/** Term changes as stored. */
export const changeRowsOf = (changes: readonly TermChange[]): NewTermChange[] =>
  changes.map((change) => ({
    iri: change.iri,
    change: change.change,
    fields: change.fields,
    newly_deprecated: change.change === 'changed' && change.before?.deprecated === false && change.after?.deprecated === true,
  }));

/**
 * Commit `seq`'s terms. `seq` 1 has no parent. When the parent's terms were never written (a
 * commit made before terms existed) or the source gave none it could read (`skipped`), the
 * commit is left to the backfill: its changes could not be told. Answers whether the terms were written.
 */
export async function indexCommitTerms(sql: TermSql, ontologyId: string, seq: number, result: TermsResult): Promise<boolean> {
  if (result.skipped !== undefined || (seq > 1 && !(await commitTermsIndexed(sql, ontologyId, seq - 1)))) {
    await markCommitTermsPending(sql, ontologyId, seq, result.skipped ?? null);
    return false;
  }
  const before = seq > 1 ? await headTermStates(sql, ontologyId) : [];
  const digests = new Map(before.map((state) => [state.iri, state.digest]));
  const terms = result.terms.map((term): DigestedTerm => ({ term, digest: digestOf(term) }));
  const started = terms.filter(({ term, digest }) => digests.get(term.iri) !== digest);
  const kept = new Set(terms.filter(({ term, digest }) => digests.get(term.iri) === digest).map(({ term }) => term.iri));
  const endedStates = before.filter((state) => !kept.has(state.iri));
  const { changes } = seq === 1 ? { changes: [] } : termChanges(before.map(asTerm), result.terms);
  await writeCommitTerms(sql, ontologyId, seq, {
    ended: endedStates.map((state) => state.iri),
    started,
    stateOf,
    childCounts: childCountDeltas(started, endedStates),
    // The first commit's changes (everything added) are read from its states, not stored.
    changes: changeRowsOf(changes),
  });
  return true;
}

/** Sources larger than this (UTF-8 bytes) get their terms after the commit returns (DESIGN 6.2). */
export const TERMS_SYNC_MAX_BYTES = 10 * 1024 * 1024;

export const termsSyncMaxBytes = (config: ServiceContext['config']): number => config.termsSyncMaxBytes ?? TERMS_SYNC_MAX_BYTES;

/**
 * A new commit's terms in its transaction when its check collected them (a source within the
 * synchronous limit); else the commit is marked for the background, which the caller schedules
 * once committed. Answers the head's terms status.
 */
export async function writeOrDeferTerms(sql: TermSql, ontologyId: string, seq: number, result: TermsResult | null): Promise<TermsStatus> {
  if (result === null) {
    await markCommitTermsPending(sql, ontologyId, seq);
    return 'indexing';
  }
  if (await indexCommitTerms(sql, ontologyId, seq, result)) return 'ready';
  return result.skipped === undefined ? 'indexing' : 'failed';
}
