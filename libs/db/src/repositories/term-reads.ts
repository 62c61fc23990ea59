// One term of one version, the terms a list of IRIs names in it, and term-level changes
// (a term's history, a commit's release note), read from the interval rows (DESIGN 6.2).
import type { Prisma } from '../generated/prisma/client.js';
import type { SqlRunner } from '../sql-runner.js';
import type { TermColumns, TermDetailColumns } from './term-columns.js';

const COVERS = (alias: string, seqParam: string) => `${alias}."from_seq" <= ${seqParam} AND (${alias}."to_seq" IS NULL OR ${alias}."to_seq" > ${seqParam})`;

export type TermStateRow = TermColumns &
  TermDetailColumns & {
    annotations: Prisma.JsonValue;
    children_count: number;
  };

/**
 * How a request names a term: `ref` is its IRI or else its CURIE. `key` (ref normalized as the
 * id keys are) and `head` (the version is the head) let a CURIE be found through the head's
 * id_keys GIN instead of reading every term of the version.
 */
export type TermRefLookup = { key: string; head: boolean };

/** The row of version `seq` whose IRI, or else CURIE, is `ref` (the lowest such IRI): the IRI by its index, then the CURIE. */
async function versionTermByRef<T>(sql: SqlRunner, columns: string, ontologyId: string, seq: number, ref: string, lookup?: TermRefLookup): Promise<T | null> {
  const [byIri] = await sql.query<T>(`SELECT ${columns} FROM "terms" t WHERE t."ontology_id" = $1::uuid AND t."iri" = $3 AND ${COVERS('t', '$2')} LIMIT 1`, [ontologyId, seq, ref]);
  if (byIri) return byIri;
  const byCurie = (head: boolean) =>
    sql.query<T>(
      `SELECT ${columns} FROM "terms" t WHERE t."ontology_id" = $1::uuid AND ${COVERS('t', '$2')} AND t."curie" = $3${head ? ` AND t."to_seq" IS NULL AND t."id_keys" @> ARRAY[$4::text]` : ''}
     ORDER BY t."iri" COLLATE "C" LIMIT 1`,
      head ? [ontologyId, seq, ref, lookup?.key] : [ontologyId, seq, ref],
    );
  if (lookup?.head === true) {
    const [atHead] = await byCurie(true);
    if (atHead) return atHead;
    // A commit made since the scope was read may have ended the head's rows: read the version as any other.
  }
  const [found] = await byCurie(false);
  return found ?? null;
}

/** The term of version `seq` whose IRI, or else CURIE, is `ref`. */
export function findVersionTerm(sql: SqlRunner, ontologyId: string, seq: number, ref: string, lookup?: TermRefLookup): Promise<TermStateRow | null> {
  return versionTermByRef<TermStateRow>(
    sql,
    `t."iri", t."curie", t."kind", t."label", t."synonyms", t."definition", t."deprecated", t."replaced_by", t."parents", t."annotations",
       coalesce((SELECT k."children" FROM "term_child_counts" k WHERE k."ontology_id" = t."ontology_id" AND k."parent_iri" = t."iri" AND ${COVERS('k', '$2')}), 0)::int AS "children_count"`,
    ontologyId,
    seq,
    ref,
    lookup,
  );
}

/** The IRI of the term of version `seq` whose IRI, or else CURIE, is `ref` (findVersionTerm without its columns and children count). */
export async function findVersionTermIri(sql: SqlRunner, ontologyId: string, seq: number, ref: string, lookup?: TermRefLookup): Promise<string | null> {
  return (await versionTermByRef<{ iri: string }>(sql, `t."iri"`, ontologyId, seq, ref, lookup))?.iri ?? null;
}

/** Whether some term of version `seq` names `iri` as a parent. */
export async function isParentInVersion(sql: SqlRunner, ontologyId: string, seq: number, iri: string): Promise<boolean> {
  const rows = await sql.query(`SELECT 1 FROM "term_child_counts" t WHERE t."ontology_id" = $1::uuid AND t."parent_iri" = $3 AND ${COVERS('t', '$2')} LIMIT 1`, [ontologyId, seq, iri]);
  return rows.length > 0;
}

export type TermRefRow = { iri: string; curie: string | null; label: string | null; parents: string[] };

/** The terms of version `seq` among `iris` (missing ones are simply absent). */
export function versionTermsByIri(sql: SqlRunner, ontologyId: string, seq: number, iris: readonly string[]): Promise<TermRefRow[]> {
  if (iris.length === 0) return Promise.resolve([]);
  return sql.query<TermRefRow>(
    `SELECT t."iri", t."curie", t."label", t."parents" FROM "terms" t WHERE t."ontology_id" = $1::uuid AND ${COVERS('t', '$2')} AND t."iri" = ANY($3::text[])`,
    [ontologyId, seq, [...iris]],
  );
}

/** Any IRI the ontology's terms ever had with this CURIE (a history asked by CURIE). */
export async function iriOfCurie(sql: SqlRunner, ontologyId: string, curie: string): Promise<string | null> {
  const rows = await sql.query<{ iri: string }>(`SELECT "iri" FROM "terms" WHERE "ontology_id" = $1::uuid AND "curie" = $2 ORDER BY "from_seq" DESC LIMIT 1`, [ontologyId, curie]);
  return rows[0]?.iri ?? null;
}

export type TermChangeRow = {
  iri: string;
  commit_id: string;
  version: string;
  created_at: Date;
  change: 'added' | 'changed' | 'removed';
  fields: string[];
  before: Prisma.JsonValue;
  after: Prisma.JsonValue;
};

const summaryOf = (alias: string) => `jsonb_build_object('iri', ${alias}."iri", 'curie', ${alias}."curie", 'kind', ${alias}."kind", 'label', ${alias}."label",
  'synonyms', to_jsonb(${alias}."synonyms"), 'definition', ${alias}."definition", 'deprecated', ${alias}."deprecated",
  'replaced_by', to_jsonb(${alias}."replaced_by"), 'parents', to_jsonb(${alias}."parents"))`;

/**
 * The term-level changes: those stored per commit, and the first commit's, which are not stored
 * (every state starting at sequence 1 was added: 11,100 rows written for nothing by a first
 * commit of that many terms). Filters on ontology, sequence and IRI reach both branches.
 */
const CHANGES = `(SELECT "ontology_id", "seq", "iri", "change", "fields", "newly_deprecated" FROM "term_changes"
  UNION ALL SELECT "ontology_id", 1, "iri", 'added', '{}'::text[], FALSE FROM "terms" WHERE "from_seq" = 1)`;

/** Only commits whose terms are written: a commit written in parts shows none of its changes until its last part. */
const INDEXED_COMMIT = `JOIN "commits" c ON c."ontology_id" = tc."ontology_id" AND c."seq" = tc."seq" AND c."terms_indexed"`;

const CHANGE_COLUMNS = `tc."iri", c."id"::text AS "commit_id", c."version", c."created_at", tc."change", tc."fields",
  (SELECT ${summaryOf('b')} FROM "terms" b WHERE b."ontology_id" = tc."ontology_id" AND b."iri" = tc."iri" AND b."to_seq" = tc."seq") AS "before",
  (SELECT ${summaryOf('a')} FROM "terms" a WHERE a."ontology_id" = tc."ontology_id" AND a."iri" = tc."iri" AND a."from_seq" = tc."seq") AS "after"`;

/** A term's changes, newest first. */
export async function termHistory(sql: SqlRunner, ontologyId: string, iri: string, page: { skip: number; take: number }): Promise<{ total: number; rows: TermChangeRow[] }> {
  const [count] = await sql.query<{ total: string | number }>(`SELECT count(*) AS "total" FROM ${CHANGES} tc ${INDEXED_COMMIT} WHERE tc."ontology_id" = $1::uuid AND tc."iri" = $2`, [ontologyId, iri]);
  const rows = await sql.query<TermChangeRow>(
    `SELECT ${CHANGE_COLUMNS} FROM ${CHANGES} tc ${INDEXED_COMMIT}
     WHERE tc."ontology_id" = $1::uuid AND tc."iri" = $2 ORDER BY tc."seq" DESC LIMIT ${page.take} OFFSET ${page.skip}`,
    [ontologyId, iri],
  );
  return { total: Number(count?.total ?? 0), rows };
}

export type TermChangeCounts = { added: number; changed: number; removed: number; deprecated: number };

/** The changes of commit `seq` against its parent, by IRI, and their counts. */
export async function commitTermChanges(
  sql: SqlRunner,
  ontologyId: string,
  seq: number,
  page: { skip: number; take: number },
): Promise<{ summary: TermChangeCounts; rows: TermChangeRow[] }> {
  const [counts] = await sql.query<Record<keyof TermChangeCounts, string | number>>(
    `SELECT count(*) FILTER (WHERE "change" = 'added') AS "added", count(*) FILTER (WHERE "change" = 'changed') AS "changed",
       count(*) FILTER (WHERE "change" = 'removed') AS "removed", count(*) FILTER (WHERE "newly_deprecated") AS "deprecated"
     FROM ${CHANGES} tc ${INDEXED_COMMIT} WHERE tc."ontology_id" = $1::uuid AND tc."seq" = $2`,
    [ontologyId, seq],
  );
  const rows = await sql.query<TermChangeRow>(
    `SELECT ${CHANGE_COLUMNS} FROM ${CHANGES} tc ${INDEXED_COMMIT}
     WHERE tc."ontology_id" = $1::uuid AND tc."seq" = $2 ORDER BY tc."iri" COLLATE "C" LIMIT ${page.take} OFFSET ${page.skip}`,
    [ontologyId, seq],
  );
  const summary = { added: Number(counts?.added ?? 0), changed: Number(counts?.changed ?? 0), removed: Number(counts?.removed ?? 0), deprecated: Number(counts?.deprecated ?? 0) };
  return { summary, rows };
}
