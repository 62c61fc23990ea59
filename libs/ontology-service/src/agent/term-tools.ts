// Reads behind the terms toolset (DESIGN 7): the term use cases of DESIGN 6.2 (same scoping,
// ranking and shapes), windowed by the tools' offset and limit, and one term kept within the
// result budget.
import { TOOL_RESULT_MAX_CHARS, TERM_TRUNCATABLE, type SearchTermsInput, type TermChangeItem, type TermHit, type VersionTerm } from '@oms/contracts';
import type { z } from 'zod';
import type { TermKind } from '@oms/ontology-tools';
import type { ServiceContext } from '../context.js';
import type { Caller } from '../ontologies/caller.js';
import { readTerm } from '../terms/read-term.js';
import { listOntologyTermsWindow, searchTermsWindow } from '../terms/search-terms.js';
import { termHistoryWindow } from '../terms/term-history.js';
import { listPage } from './present-for-tools.js';

const listOf = <T>(value: T | T[] | undefined): T[] | undefined => (value === undefined ? undefined : Array.isArray(value) ? value : [value]);
const windowOf = (input: { limit: number; offset: number }) => ({ skip: input.offset, take: input.limit });

export async function searchTermsForTools(ctx: ServiceContext, caller: Caller, input: SearchTermsInput) {
  const query = {
    q: input.query,
    ontology_id: listOf(input.ontology_id),
    kind: listOf(input.kind) as TermKind[] | undefined,
    include_deprecated: input.include_deprecated,
    exact: false,
  };
  const { total, data } = await searchTermsWindow(ctx, caller, query, windowOf(input));
  // A search always says why a term was found (match); the procedure's output schema checks it.
  const terms = data as z.output<typeof TermHit>[];
  return { terms, ...listPage(data, total, input.limit, input.offset) };
}

export async function listTermChildrenForTools(
  ctx: ServiceContext,
  caller: Caller,
  input: { ontology_id: string; iri?: string | undefined; version?: string | undefined; limit: number; offset: number },
) {
  const { total, data } = await listOntologyTermsWindow(
    ctx,
    caller,
    { ontologyId: input.ontology_id, parent: input.iri, commit_id: input.version, include_deprecated: false, kind: undefined, q: undefined },
    windowOf(input),
  );
  // A version's terms always carry children_count; the output schema checks it.
  const terms = data as z.output<typeof VersionTerm>[];
  return { terms, ...listPage(terms, total, input.limit, input.offset) };
}

export async function termHistoryForTools(ctx: ServiceContext, caller: Caller, input: { ontology_id: string; iri: string; limit: number; offset: number }) {
  const { total, data } = await termHistoryWindow(ctx, caller, { ontologyId: input.ontology_id, iri: input.iri }, windowOf(input));
  // The stored change objects (fields, before, after) as TermChangeItem describes them; the output schema checks them.
  const changes = data as z.output<typeof TermChangeItem>[];
  return { changes, ...listPage(data, total, input.limit, input.offset) };
}

export async function readTermForTools(ctx: ServiceContext, caller: Caller, input: { ontology_id: string; iri: string; version?: string | undefined }) {
  const term = await readTerm(ctx, caller, { ontologyId: input.ontology_id, iri: input.iri, commit_id: input.version });
  return fitTerm(term);
}

type Term = Awaited<ReturnType<typeof readTerm>>;
type Truncatable = (typeof TERM_TRUNCATABLE)[number];
type FittedTerm = Term & { truncated?: Truncatable[]; annotations_total?: number };

const size = (value: unknown) => JSON.stringify(value).length;

/** The largest n in 0..max for which fits(n) holds (fits is monotone), or -1 when not even 0 fits. */
function largest(max: number, fits: (n: number) => boolean): number {
  if (!fits(0)) return -1;
  let low = 0;
  let high = max;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (fits(middle)) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * A term whose JSON would pass the budget (thousands of annotations, an enormous definition)
 * keeps what fits, in this order of sacrifice: annotations, synonyms, ancestors, then the end of
 * the definition; `truncated` names what was shortened and the whole term stays at `url`.
 */
export function fitTerm(term: Term, max: number = TOOL_RESULT_MAX_CHARS): FittedTerm {
  if (size(term) <= max) return term;
  let fitted: FittedTerm = { ...term, truncated: [], annotations_total: term.annotations.length };
  for (const field of TERM_TRUNCATABLE) {
    const marked = { ...fitted, truncated: [...(fitted.truncated ?? []), field] };
    if (field === 'definition') {
      const definition = term.definition ?? '';
      const keep = largest(definition.length, (n) => size({ ...marked, definition: definition.slice(0, n) }) <= max);
      const cut = Math.max(keep, 0);
      // Never end on half of a surrogate pair.
      const end = cut > 0 && /[\uD800-\uDBFF]/.test(definition.charAt(cut - 1)) ? cut - 1 : cut;
      fitted = { ...marked, definition: definition.slice(0, end) };
    } else {
      const items = term[field] as unknown[];
      const keep = largest(items.length, (n) => size({ ...marked, [field]: items.slice(0, n) }) <= max);
      fitted = { ...marked, [field]: items.slice(0, Math.max(keep, 0)) };
      if (keep >= 0) return fitted;
    }
  }
  return fitted;
}
