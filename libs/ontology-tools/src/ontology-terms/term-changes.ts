// Term-level changes between two versions (DESIGN 6.2, a commit's release note): terms added,
// removed, or changed in one of the fields people care about. Annotations and the CURIE are not
// compared. Lists whose order only follows the source (synonyms, parents, replaced_by) are
// compared as sets, so reordering lines in a file is no change. Linear in the number of terms:
// extraction already sorts by IRI, and other input is sorted first.
import { compareIris, type OntologyTerm } from './term.js';

export const TERM_CHANGE_FIELDS = ['label', 'synonyms', 'definition', 'parents', 'kind', 'deprecated', 'replaced_by'] as const;
export type TermChangeField = (typeof TERM_CHANGE_FIELDS)[number];

/** A term without its annotations: what a change shows before and after. */
export type TermSummary = Omit<OntologyTerm, 'annotations'>;

export type TermChange = {
  iri: string;
  change: 'added' | 'changed' | 'removed';
  /** For `changed`: the fields that differ, in the order of TERM_CHANGE_FIELDS; empty otherwise. */
  fields: TermChangeField[];
  before: TermSummary | null;
  after: TermSummary | null;
};

/** `deprecated` counts terms that became deprecated; each of them is in `changed` too. */
export type TermChangeSummary = { added: number; changed: number; removed: number; deprecated: number };

export type TermChanges = { changes: TermChange[]; summary: TermChangeSummary };

const summaryOf = ({ annotations: _annotations, ...summary }: OntologyTerm): TermSummary => summary;

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  if (a.length === b.length && a.every((value, index) => value === b[index])) return true;
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((value) => right.has(value));
}

export function changedFields(before: OntologyTerm, after: OntologyTerm): TermChangeField[] {
  const differs: Record<TermChangeField, boolean> = {
    label: before.label !== after.label,
    synonyms: !sameSet(before.synonyms, after.synonyms),
    definition: before.definition !== after.definition,
    parents: !sameSet(before.parents, after.parents),
    kind: before.kind !== after.kind,
    deprecated: before.deprecated !== after.deprecated,
    replaced_by: !sameSet(before.replaced_by, after.replaced_by),
  };
  return TERM_CHANGE_FIELDS.filter((field) => differs[field]);
}

/** Sorted by IRI with one term per IRI (the first), without copying input that already is. */
function byIri(terms: readonly OntologyTerm[]): readonly OntologyTerm[] {
  const ordered = terms.every((term, index) => index === 0 || compareIris(terms[index - 1]?.iri ?? '', term.iri) < 0);
  if (ordered) return terms;
  const sorted = [...terms].sort((a, b) => compareIris(a.iri, b.iri));
  return sorted.filter((term, index) => index === 0 || sorted[index - 1]?.iri !== term.iri);
}

/** The changes from `before` (null for a first commit: everything is added) to `after`, sorted by IRI. */
export function termChanges(before: readonly OntologyTerm[] | null, after: readonly OntologyTerm[]): TermChanges {
  const old = byIri(before ?? []);
  const next = byIri(after);
  const changes: TermChange[] = [];
  const summary: TermChangeSummary = { added: 0, changed: 0, removed: 0, deprecated: 0 };
  let i = 0;
  let j = 0;
  while (i < old.length || j < next.length) {
    const left = old[i];
    const right = next[j];
    const order = !left ? 1 : !right ? -1 : compareIris(left.iri, right.iri);
    if (order < 0 && left) {
      changes.push({ iri: left.iri, change: 'removed', fields: [], before: summaryOf(left), after: null });
      summary.removed += 1;
      i += 1;
    } else if (order > 0 && right) {
      changes.push({ iri: right.iri, change: 'added', fields: [], before: null, after: summaryOf(right) });
      summary.added += 1;
      j += 1;
    } else if (left && right) {
      const fields = changedFields(left, right);
      if (fields.length > 0) {
        changes.push({ iri: right.iri, change: 'changed', fields, before: summaryOf(left), after: summaryOf(right) });
        summary.changed += 1;
        if (!left.deprecated && right.deprecated) summary.deprecated += 1;
      }
      i += 1;
      j += 1;
    }
  }
  return { changes, summary };
}
