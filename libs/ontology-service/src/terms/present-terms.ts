// Term answers (DESIGN 6.2): hits carry capped synonyms and definitions; a term page whole.
import type { TermHitRow, TermChangeRow } from '@oms/db';
import type { TermMatch } from '@oms/contracts';
import { TERM_MATCHES } from '@oms/contracts';
import type { TermKind } from '@oms/ontology-tools';

export const HIT_SYNONYMS_MAX = 10;
export const HIT_DEFINITION_MAX = 500;

export const termUrl = (baseUrl: string, ontologyId: string, iri: string) =>
  `${baseUrl}/api/v1/ontologies/${ontologyId}/term?iri=${encodeURIComponent(iri)}`;

export function presentHit(row: TermHitRow, baseUrl: string) {
  const match: TermMatch | undefined = row.match === null ? undefined : TERM_MATCHES[row.match];
  return {
    iri: row.iri,
    curie: row.curie,
    kind: row.kind as TermKind,
    label: row.label,
    synonyms: row.synonyms.slice(0, HIT_SYNONYMS_MAX),
    definition: row.definition === null ? null : [...row.definition].slice(0, HIT_DEFINITION_MAX).join(''),
    deprecated: row.deprecated,
    ...(match === undefined ? {} : { match }),
    ontology_id: row.ontology_id,
    ontology_title: row.ontology_title,
    version: row.version,
    commit_id: row.commit_id,
    url: termUrl(baseUrl, row.ontology_id, row.iri),
    ...(row.children_count === undefined ? {} : { children_count: Number(row.children_count) }),
  };
}

export function presentChange(row: TermChangeRow) {
  return { ...row, created_at: new Date(row.created_at).toISOString() };
}
