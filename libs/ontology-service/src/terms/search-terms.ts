// GET /api/v1/terms and GET /api/v1/ontologies/:id/terms (DESIGN 6.2): search across the head
// versions the caller may see, and one version's terms (roots, children, or a search inside it).
import { AppError, pageInfo } from '@oms/domain';
import { isParentInVersion, listVersionTerms, searchHeadTerms, findVersionTermIri, type TermFilters } from '@oms/db';
import type { OntologyTermsQuery, TermSearchQuery } from '@oms/contracts';
import { normalizeText, textWords } from '@oms/ontology-tools';
import type { ServiceContext } from '../context.js';
import type { CallerOrActor } from '../ontologies/caller.js';
import { presentHit } from './present-terms.js';
import { versionScopeOf } from './version-scope.js';

const textOf = (q: string) => {
  const normalized = normalizeText(q);
  return { q: normalized, words: textWords(normalized) };
};
const windowOf = (query: { page: number; per_page: number }) => ({ skip: Math.min((query.page - 1) * query.per_page, 2 ** 31 - 1), take: query.per_page });
const filtersOf = (query: { kind?: string[] | undefined; include_deprecated: boolean }): TermFilters => ({ kinds: query.kind, includeDeprecated: query.include_deprecated });

/** Rows skipped and taken: REST pages by page/per_page, the agent tools by offset/limit. */
export type TermWindow = { skip: number; take: number };
type SearchFilters = Omit<TermSearchQuery, 'page' | 'per_page'>;

/** One window of the ranked hits across the head versions the caller may see. */
export async function searchTermsWindow(ctx: ServiceContext, who: CallerOrActor, query: SearchFilters, window: TermWindow) {
  const { total, rows } = await searchHeadTerms(ctx.db.sql, {
    userId: who.userId,
    text: textOf(query.q),
    exact: query.exact,
    ontologyIds: query.ontology_id,
    filters: filtersOf(query),
    page: window,
  });
  return { total, data: rows.map((row) => presentHit(row, ctx.config.baseUrl)) };
}

export async function searchTerms(ctx: ServiceContext, who: CallerOrActor, query: TermSearchQuery) {
  const { total, data } = await searchTermsWindow(ctx, who, query, windowOf(query));
  return { pagination: pageInfo(query.page, query.per_page, total), data };
}

type VersionTermsFilters = Omit<OntologyTermsQuery, 'page' | 'per_page'> & { ontologyId: string };

/** One window of a version's terms: roots, a parent's children, or a search inside it. */
export async function listOntologyTermsWindow(ctx: ServiceContext, who: CallerOrActor, input: VersionTermsFilters, window: TermWindow) {
  const scope = await versionScopeOf(ctx, who, input.ontologyId, input.commit_id);
  let parent: string | undefined;
  if (input.parent !== undefined) {
    const termIri = await findVersionTermIri(ctx.db.sql, scope.ontologyId, scope.seq, input.parent, { key: normalizeText(input.parent), head: scope.head });
    parent = termIri ?? input.parent;
    if (termIri === null && !(await isParentInVersion(ctx.db.sql, scope.ontologyId, scope.seq, parent))) throw new AppError('not_found');
  }
  const { total, rows } = await listVersionTerms(ctx.db.sql, {
    scope,
    text: input.q === undefined ? undefined : textOf(input.q),
    parent,
    filters: filtersOf(input),
    page: window,
  });
  return { total, data: rows.map((row) => presentHit(row, ctx.config.baseUrl)) };
}

export async function listOntologyTerms(ctx: ServiceContext, who: CallerOrActor, input: OntologyTermsQuery & { ontologyId: string }) {
  const { total, data } = await listOntologyTermsWindow(ctx, who, input, windowOf(input));
  return { pagination: pageInfo(input.page, input.per_page, total), data };
}
