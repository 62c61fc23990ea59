// GET /api/v1/ontologies/:id/term (DESIGN 6.2): one term of one version, whole, with its
// parents and ancestors (nearest first, at most 200) as {iri, curie, label}; a parent the
// version does not declare still appears, with label null.
import { AppError } from '@oms/domain';
import { findVersionTerm, versionTermsByIri, type TermRefRow, type VersionScope } from '@oms/db';
import type { TermQuery } from '@oms/contracts';
import { normalizeText, type TermAnnotation, type TermKind } from '@oms/ontology-tools';
import type { ServiceContext } from '../context.js';
import type { CallerOrActor } from '../ontologies/caller.js';
import { termUrl } from './present-terms.js';
import { versionScopeOf } from './version-scope.js';

export const ANCESTORS_MAX = 200;

type Ref = { iri: string; curie: string | null; label: string | null };
const refOf = (iri: string, known: Map<string, TermRefRow>): Ref => ({ iri, curie: known.get(iri)?.curie ?? null, label: known.get(iri)?.label ?? null });

/** Breadth first from the parents: nearest first, each once. */
async function ancestorsOf(ctx: ServiceContext, scope: VersionScope, self: string, parents: string[]): Promise<{ known: Map<string, TermRefRow>; order: string[] }> {
  const known = new Map<string, TermRefRow>();
  const seen = new Set<string>([self]);
  const order: string[] = [];
  let frontier = parents.filter((iri) => !seen.has(iri));
  while (frontier.length > 0 && order.length < ANCESTORS_MAX) {
    const level = [...new Set(frontier)].filter((iri) => !seen.has(iri)).slice(0, ANCESTORS_MAX - order.length);
    for (const iri of level) seen.add(iri);
    order.push(...level);
    const rows = await versionTermsByIri(ctx.db.sql, scope.ontologyId, scope.seq, level);
    for (const row of rows) known.set(row.iri, row);
    frontier = level.flatMap((iri) => known.get(iri)?.parents ?? []);
  }
  return { known, order };
}

export async function readTerm(ctx: ServiceContext, who: CallerOrActor, input: TermQuery & { ontologyId: string }) {
  const scope = await versionScopeOf(ctx, who, input.ontologyId, input.commit_id);
  const term = await findVersionTerm(ctx.db.sql, scope.ontologyId, scope.seq, input.iri, { key: normalizeText(input.iri), head: scope.head });
  if (!term) throw new AppError('not_found');
  const { known, order } = await ancestorsOf(ctx, scope, term.iri, term.parents);
  return {
    iri: term.iri,
    curie: term.curie,
    kind: term.kind as TermKind,
    label: term.label,
    synonyms: term.synonyms,
    definition: term.definition,
    deprecated: term.deprecated,
    ontology_id: scope.ontologyId,
    ontology_title: scope.title,
    version: scope.version,
    commit_id: scope.commitId,
    url: termUrl(ctx.config.baseUrl, scope.ontologyId, term.iri),
    replaced_by: term.replaced_by,
    parents: term.parents.map((iri) => refOf(iri, known)),
    ancestors: order.map((iri) => refOf(iri, known)),
    children_count: Number(term.children_count),
    annotations: (Array.isArray(term.annotations) ? term.annotations : []) as TermAnnotation[],
  };
}
