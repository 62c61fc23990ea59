import type { CommitMetrics, CommitResponse, CommitSummaryResponse, OntologyResponse } from '@oms/contracts';
import { termsStatusOf, type OntologyWithHead, type OntologyWithHeadMetrics } from '@oms/db';

export function ontologyUrl(baseUrl: string, id: string): string {
  return `${baseUrl}/api/v1/ontologies/${id}`;
}

export function presentOntology(row: OntologyWithHead, baseUrl: string): OntologyResponse {
  return {
    id: row.id,
    account_id: row.accountId,
    parent_id: row.parentId,
    title: row.title,
    description: row.description,
    visibility: row.visibility as OntologyResponse['visibility'],
    source: row.commits[0]?.source ?? '',
    source_format: row.sourceFormat as OntologyResponse['source_format'],
    version: row.version,
    head_hash: row.headHash,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    url: ontologyUrl(baseUrl, row.id),
  };
}

type CommitRow = {
  id: string;
  ontologyId: string;
  parentHash: string | null;
  commitHash: string;
  message: string;
  sourceFormat: string;
  status: string;
  version: string;
  authorId: string;
  createdAt: Date;
  updatedAt: Date;
};

export function presentCommitSummary(row: CommitRow): CommitSummaryResponse {
  return {
    id: row.id,
    ontology_id: row.ontologyId,
    commit_hash: row.commitHash,
    parent_hash: row.parentHash,
    message: row.message,
    source_format: row.sourceFormat as CommitSummaryResponse['source_format'],
    status: row.status as CommitSummaryResponse['status'],
    version: row.version,
    author_id: row.authorId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function presentCommit(row: CommitRow & { source: string }): CommitResponse {
  return { ...presentCommitSummary(row), source: row.source };
}

/** Metrics as stored (JSONB written from SourceMetrics), or null for commits made before them. */
export const metricsOf = (stored: unknown): CommitMetrics | null => (stored && typeof stored === 'object' ? (stored as CommitMetrics) : null);

/** The single-commit REST answer: the commit, its source and its metrics. */
export function presentCommitDetail(row: CommitRow & { source: string; metrics: unknown }): CommitResponse {
  return { ...presentCommit(row), metrics: metricsOf(row.metrics) };
}

/** A single-ontology REST answer (GET, POST, PATCH): the ontology with the metrics of its head. */
export function presentOntologyDetail(row: OntologyWithHeadMetrics, baseUrl: string): OntologyResponse {
  return { ...presentOntology(row, baseUrl), metrics: metricsOf(row.headMetrics), terms_status: row.termsStatus };
}

/** GET /ontologies/:id?version|commit_id: the ontology as it was at `commit`; head_hash stays the head's. */
export function presentOntologyAt(
  row: OntologyWithHead,
  commit: CommitRow & { source: string; metrics: unknown; termsIndexed: boolean; termsError: string | null },
  baseUrl: string,
): OntologyResponse {
  return {
    ...presentOntology({ ...row, sourceFormat: commit.sourceFormat, version: commit.version, commits: [{ source: commit.source }] }, baseUrl),
    at_commit: commit.id,
    metrics: metricsOf(commit.metrics),
    terms_status: termsStatusOf(commit.termsIndexed, commit.termsError),
  };
}
