// The ontologies a viewer may see, one at a time: by the Prisma form of the rule when the
// viewer's accounts are known, by its SQL form on the hot single read (src/visibility.ts holds
// both, test/visibility.test.ts checks they agree with `canSee`).
import type { Viewer, VisibilityFacts } from '@oms/domain';
import type { Prisma } from '../generated/prisma/client.js';
import type { SqlRunner } from '../sql-runner.js';
import { visibleTo, visibleToUserSql } from '../visibility.js';
import type { DbClient } from './db-client.js';
import { runnerQuery, sourceHeadColumns, sourceTextFrom, type SourceHead } from '../source-store/index.js';
import { withHeadSource, type OntologyRow, type OntologyWithHeadMetrics } from './ontology-rows.js';
import { termsErrorSql, termsStatusOf, type TermsStatus } from './term-writes.js';

export async function findVisibleOntology(db: DbClient, id: string, viewer: Viewer) {
  return withHeadSource(db, await db.ontology.findFirst({ where: { id, ...visibleTo(viewer) } }));
}

/** The ontology row without any source when the caller may see it. */
export function findVisibleOntologyRow(db: DbClient, id: string, viewer: Viewer) {
  return db.ontology.findFirst({ where: { id, ...visibleTo(viewer) } });
}

/** The owning account and visibility of each of these ontologies that exists, by id (for `canSee`). */
export async function visibilityFactsOf(db: DbClient, ids: readonly string[]): Promise<Map<string, VisibilityFacts>> {
  if (ids.length === 0) return new Map();
  const rows = await db.ontology.findMany({ where: { id: { in: [...ids] } }, select: { id: true, accountId: true, visibility: true } });
  return new Map(rows.map((row) => [row.id, { accountId: row.accountId, visibility: row.visibility }]));
}

/** The hot single read's row: the ontology, its parent when visible and its head commit's state. */
type VisibleHeadRow = {
  id: string;
  account_id: string;
  parent_id: string | null;
  title: string;
  description: string;
  visibility: string;
  source_format: string;
  version: string;
  head_hash: string;
  head_seq: number;
  created_at: Date;
  updated_at: Date;
  commit_id: string;
  metrics: Prisma.JsonValue | null;
  terms_indexed: boolean;
  terms_error: string | null;
};

/**
 * The row of ontology `id` when `userId` may see it, with its head commit (visibility checked in
 * SQL), in one query; `extra` adds columns (over `o`, `c`, the head's `commit_sources` row `s`,
 * and `$2`, the user) and joins (after `s`).
 */
async function findVisibleHeadRow<Extra>(sql: SqlRunner, id: string, userId: string, extra: { columns: string; joins?: string }): Promise<(VisibleHeadRow & Extra) | undefined> {
  const rows = await sql.query<VisibleHeadRow & Extra>(
    `SELECT o."id"::text AS "id", o."account_id"::text AS "account_id",
            CASE WHEN ${visibleToUserSql('p', '$2')} THEN p."id"::text END AS "parent_id", o."title", o."description",
            o."visibility", o."source_format", o."version", o."head_hash", o."head_seq", o."created_at", o."updated_at", c."id"::text AS "commit_id", c."metrics",
            c."terms_indexed", ${termsErrorSql('c')} AS "terms_error", ${extra.columns}
     FROM "ontologies" o
     JOIN "commits" c ON c."ontology_id" = o."id" AND c."status" = 'applied'
     LEFT JOIN "commit_sources" s ON s."commit_id" = c."id"
     ${extra.joins ?? ''}
     LEFT JOIN "ontologies" p ON p."id" = o."parent_id"
     WHERE o."id" = $1::uuid AND ${visibleToUserSql('o', '$2')}`,
    [id, userId],
  );
  return rows[0];
}

/** The ontology row's fields of a `VisibleHeadRow`. */
const ontologyRowOf = (row: VisibleHeadRow): OntologyRow => ({
  id: row.id,
  accountId: row.account_id,
  parentId: row.parent_id,
  title: row.title,
  description: row.description,
  visibility: row.visibility,
  sourceFormat: row.source_format,
  version: row.version,
  headHash: row.head_hash,
  headSeq: Number(row.head_seq),
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
});

/** The head commit's stored metrics and terms status of a `VisibleHeadRow`. */
const headStateOf = (row: VisibleHeadRow): Pick<OntologyWithHeadMetrics, 'headMetrics' | 'termsStatus'> => ({
  headMetrics: row.metrics ?? null,
  termsStatus: termsStatusOf(row.terms_indexed, row.terms_error),
});

type SourceHeadColumns = {
  source_codec: SourceHead['codec'];
  source_depth: number | null;
  source_pieces: number | null;
  source_first: Uint8Array | null;
};

/**
 * One ontology with its head source when `userId` may see it, in one round trip (a source
 * stored whole in one piece comes with it; others are read from the store): the hot
 * read path (GET /api/v1/ontologies/:id) checks visibility in SQL instead of loading the
 * caller's memberships first. `parentId` is null when the user cannot see the parent (SPEC 7).
 */
export async function findVisibleOntologyForUser(sql: SqlRunner, id: string, userId: string): Promise<OntologyWithHeadMetrics | null> {
  const row = await findVisibleHeadRow<SourceHeadColumns>(sql, id, userId, {
    columns: sourceHeadColumns('s', 'sp'),
    joins: `LEFT JOIN "commit_source_pieces" sp ON sp."commit_id" = c."id" AND sp."n" = 0`,
  });
  if (!row) return null;
  return {
    ...ontologyRowOf(row),
    commits: [
      {
        source: await sourceTextFrom(runnerQuery(sql), row.commit_id, {
          codec: row.source_codec,
          depth: row.source_depth,
          pieces: row.source_pieces,
          first: row.source_first,
        }),
      },
    ],
    ...headStateOf(row),
  };
}

/** An ontology without its source: the head's stored metrics and the source's UTF-8 size instead. */
export type OntologySummary = OntologyRow & {
  headMetrics: Prisma.JsonValue | null;
  termsStatus: OntologyWithHeadMetrics['termsStatus'];
  sourceBytes: number;
  /** The head commit's id (its source is read from the store by id, e.g. as a stream). */
  headCommitId: string;
  /** The owning account's name when the user is one of its members (who may change the ontology), else null. */
  memberAccountName: string | null;
};

/**
 * The single read of `findVisibleOntologyForUser` without reading a byte of the source: the
 * size is the one kept with the stored source (DESIGN 8: omit_source=true, the web page), so a
 * 1 GiB head costs what a small one does.
 */
export async function findVisibleOntologySummaryForUser(sql: SqlRunner, id: string, userId: string): Promise<OntologySummary | null> {
  const row = await findVisibleHeadRow<{ source_bytes: number | null; member_account_name: string | null }>(sql, id, userId, {
    columns: `s."bytes"::float8 AS "source_bytes",
            (SELECT a."name" FROM "accounts" a JOIN "account_users" m ON m."account_id" = a."id" AND m."user_id" = $2::uuid WHERE a."id" = o."account_id") AS "member_account_name"`,
  });
  if (!row) return null;
  return {
    ...ontologyRowOf(row),
    ...headStateOf(row),
    sourceBytes: Number(row.source_bytes ?? 0),
    headCommitId: row.commit_id,
    memberAccountName: row.member_account_name,
  };
}

export type VisibleChild = { id: string; title: string; visibility: string; version: string };

/**
 * The first `take` children of `parentId` that `userId` may see, newest first (as the REST
 * children list orders them), and how many there are, in one query (the ontology page). None
 * when the user may not see the parent (SPEC 7: as for a parent that does not exist).
 */
export async function findVisibleChildrenForUser(sql: SqlRunner, parentId: string, userId: string, take: number): Promise<{ total: number; rows: VisibleChild[] }> {
  const rows = await sql.query<VisibleChild & { total: number }>(
    `SELECT o."id"::text AS "id", o."title", o."visibility", o."version", (count(*) OVER ())::int AS "total"
     FROM "ontologies" o
     WHERE o."parent_id" = $1::uuid AND ${visibleToUserSql('o', '$2')}
       AND EXISTS (SELECT 1 FROM "ontologies" p WHERE p."id" = $1::uuid AND ${visibleToUserSql('p', '$2')})
     ORDER BY o."id" DESC
     LIMIT ${Math.max(1, Math.floor(take))}`,
    [parentId, userId],
  );
  return { total: Number(rows[0]?.total ?? 0), rows: rows.map(({ total: _total, ...row }) => row) };
}

/** The version whose terms a read answers (its own, or the last earlier one with terms written). */
export type TermsVersion = { seq: number; version: string; commitId: string };

/**
 * The head version of an ontology `userId` may see, as term reads name it, in one query (the
 * visibility rule in SQL, as the single read checks it); null when hidden or missing. `terms`:
 * the version whose terms it answers (the last one whose terms are written; null when no version has its terms written
 * yet), `termsStatus` the head's own (why the head is not the one answered).
 */
export async function findVisibleHeadScope(
  sql: SqlRunner,
  ontologyId: string,
  userId: string,
): Promise<{ ontologyId: string; seq: number; title: string; version: string; commitId: string; terms: TermsVersion | null; termsStatus: TermsStatus; termsError: string | null } | null> {
  const rows = await sql.query<{
    ontology_id: string;
    seq: number;
    title: string;
    version: string;
    commit_id: string;
    terms_indexed: boolean;
    terms_error: string | null;
    terms_seq: number | null;
    terms_version: string | null;
    terms_commit_id: string | null;
  }>(
    `SELECT o."id"::text AS "ontology_id", c."seq", o."title", c."version", c."id"::text AS "commit_id", c."terms_indexed", ${termsErrorSql('c')} AS "terms_error",
       r."seq" AS "terms_seq", r."version" AS "terms_version", r."id"::text AS "terms_commit_id"
     FROM "ontologies" o JOIN "commits" c ON c."ontology_id" = o."id" AND c."seq" = o."head_seq"
     LEFT JOIN LATERAL (SELECT r."seq", r."version", r."id" FROM "commits" r
       WHERE r."ontology_id" = o."id" AND r."seq" <= c."seq" AND r."terms_indexed" ORDER BY r."seq" DESC LIMIT 1) r ON TRUE
     WHERE o."id" = $1::uuid AND ${visibleToUserSql('o', '$2')}`,
    [ontologyId, userId],
  );
  const row = rows[0];
  if (!row) return null;
  const terms = row.terms_seq === null ? null : { seq: Number(row.terms_seq), version: row.terms_version ?? '', commitId: row.terms_commit_id ?? '' };
  return {
    ontologyId: row.ontology_id,
    seq: Number(row.seq),
    title: row.title,
    version: row.version,
    commitId: row.commit_id,
    terms,
    termsStatus: termsStatusOf(row.terms_indexed, row.terms_error),
    termsError: row.terms_error,
  };
}
