// Term search and browsing (DESIGN 6.2) over the interval rows of the terms migration. One
// ranking, in SQL, for the head versions of every visible ontology and for one version: the
// `match` of a row is the first of id, label, synonym, label_prefix, synonym_prefix, words,
// definition that holds; ties go to terms not deprecated, shorter labels, then label, ontology
// title and IRI in code-point order ("C"), so both back ends answer the same order.
import type { SqlRunner } from '../sql-runner.js';
import { visibleToUserSql } from '../visibility.js';
import type { TermColumns } from './term-columns.js';

/** A normalized query (normalizeText of @oms/ontology-tools) and its words. */
export type TermText = { q: string; words: string[] };
export type TermFilters = { kinds?: string[] | undefined; includeDeprecated: boolean };
export type TermPage = { skip: number; take: number };

export type TermHitRow = TermColumns & {
  match: number | null;
  ontology_id: string;
  ontology_title: string;
  version: string;
  commit_id: string;
  children_count?: number;
};

export const MATCH_NAMES = ['id', 'label', 'synonym', 'label_prefix', 'synonym_prefix', 'words', 'definition'] as const;

const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** The text parameters start after `b` others (textParams). */
const matchSql = (b: number) => `CASE
    WHEN t."id_keys" @> ARRAY[$${b + 1}::text] THEN 0
    WHEN t."label_norm" = $${b + 1} THEN 1
    WHEN t."synonyms_norm" @> ARRAY[$${b + 1}::text] THEN 2
    WHEN t."label_norm" LIKE $${b + 2} THEN 3
    WHEN EXISTS (SELECT 1 FROM unnest(t."synonyms_norm") s WHERE s LIKE $${b + 2}) THEN 4
    WHEN cardinality($${b + 3}::text[]) > 0 AND NOT EXISTS (SELECT 1 FROM unnest($${b + 3}::text[]) w
      WHERE NOT EXISTS (SELECT 1 FROM unnest(t."name_words") n WHERE n LIKE w || '%')) THEN 5
    WHEN cardinality($${b + 3}::text[]) > 0 AND t."definition_words" @> $${b + 3}::text[] THEN 6
  END`;
const exactSql = (b: number) => `(t."id_keys" @> ARRAY[$${b + 1}::text] OR t."label_norm" = $${b + 1} OR t."synonyms_norm" @> ARRAY[$${b + 1}::text])`;
/**
 * Every match of matchSql implies this, and each arm with words has an index: q is an id key
 * (GIN), every word of q starts a word of the names (a GIN over "name_words" as a tsvector,
 * answering prefix queries), or every word is a word of the definition (GIN). Without words
 * only the id, label and synonym arms can match (read without an index: such queries are rare).
 */
const candidateSql = (b: number, words: number) =>
  words === 0
    ? `(t."id_keys" @> ARRAY[$${b + 1}::text] OR t."label_norm" LIKE $${b + 2} OR EXISTS (SELECT 1 FROM unnest(t."synonyms_norm") s WHERE s LIKE $${b + 2}))`
    : `(t."id_keys" @> ARRAY[$${b + 1}::text] OR array_to_tsvector(t."name_words") @@ $${b + 4}::tsquery OR t."definition_words" @> $${b + 3}::text[])`;
const RANKED_ORDER = `ORDER BY "match", "deprecated", length("label") NULLS LAST, "label" COLLATE "C" NULLS LAST, "ontology_title" COLLATE "C", "iri" COLLATE "C", "ontology_id"`;
const LABEL_ORDER = `ORDER BY "label_norm" COLLATE "C" NULLS LAST, "label" COLLATE "C" NULLS LAST, "iri" COLLATE "C"`;

function filterSql(filters: TermFilters, next: number): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  if (!filters.includeDeprecated) parts.push(`NOT t."deprecated"`);
  if (filters.kinds) {
    params.push(filters.kinds);
    parts.push(`t."kind" = ANY($${next}::text[])`);
  }
  return { sql: parts.map((part) => ` AND ${part}`).join(''), params };
}

/** Stored name words are cut to this many code points (NAME_WORD_MAX_CHARS of @oms/ontology-tools). */
const NAME_WORD_MAX_CHARS = 500;
/** Every word of q as a prefix of a name word: `'w1':* & 'w2':*` (words are letters and digits, nothing to quote). */
const namePrefixQuery = (words: string[]) =>
  words.map((word) => `'${(word.length > NAME_WORD_MAX_CHARS ? Array.from(word).slice(0, NAME_WORD_MAX_CHARS).join('') : word).replace(/['\\]/g, (char) => `\\${char}`)}':*`).join(' & ');
/** $b+1 q, $b+2 q as a LIKE prefix, $b+3 the words of q, $b+4 (with words) the prefix query of the words. Every one is used. */
const textParams = (text: TermText) => [text.q, likePrefix(text.q), text.words, ...(text.words.length > 0 ? [namePrefixQuery(text.words)] : [])];

async function paged(sql: SqlRunner, query: string, params: unknown[], page: TermPage): Promise<{ total: number; rows: TermHitRow[] }> {
  const rows = await sql.query<TermHitRow & { total: string | number }>(
    `SELECT *, count(*) OVER () AS "total" FROM (${query}) ranked LIMIT ${page.take} OFFSET ${page.skip}`,
    params,
  );
  if (rows.length > 0) return { total: Number(rows[0]?.total ?? 0), rows };
  if (page.skip === 0) return { total: 0, rows: [] };
  const [count] = await sql.query<{ total: string | number }>(`SELECT count(*) AS "total" FROM (${query}) ranked`, params);
  return { total: Number(count?.total ?? 0), rows: [] };
}

/**
 * Head terms of every ontology `userId` may see (or of `ontologyIds` among them), ranked. The
 * candidates are found first on their own (a materialized step), then joined to their
 * ontologies: without statistics (PGlite has no autovacuum) the planner otherwise walked every
 * head term of every ontology through the (ontology, IRI) index, 2 s at 500,000 terms.
 */
export function searchHeadTerms(
  sql: SqlRunner,
  input: { userId: string; text: TermText; exact: boolean; ontologyIds?: string[] | undefined; filters: TermFilters; page: TermPage },
): Promise<{ total: number; rows: TermHitRow[] }> {
  const params: unknown[] = [...textParams(input.text)];
  const userParam = params.push(input.userId);
  const match = matchSql(0);
  const scope = input.ontologyIds ? ` AND t."ontology_id" = ANY($${params.push(input.ontologyIds)}::uuid[])` : '';
  const filters = filterSql(input.filters, params.length + 1);
  params.push(...filters.params);
  const query = `WITH "candidates" AS MATERIALIZED (
      SELECT t."ontology_id", t."iri", t."curie", t."kind", t."label", t."synonyms", t."definition", t."deprecated", ${match} AS "match"
      FROM "terms" t
      WHERE t."to_seq" IS NULL AND ${input.exact ? `${exactSql(0)} AND ` : ''}${candidateSql(0, input.text.words.length)}${scope}${filters.sql})
    SELECT t."iri", t."curie", t."kind", t."label", t."synonyms", t."definition", t."deprecated",
      o."id"::text AS "ontology_id", o."title" AS "ontology_title", c."version", c."id"::text AS "commit_id", t."match"
    FROM "candidates" t
    JOIN "ontologies" o ON o."id" = t."ontology_id"
    JOIN "commits" c ON c."ontology_id" = o."id" AND c."seq" = o."head_seq" AND c."terms_indexed"
    WHERE t."match" IS NOT NULL AND ${visibleToUserSql('o', `$${userParam}`)}`;
  return paged(sql, `SELECT * FROM (${query}) matched ${RANKED_ORDER}`, params, input.page);
}

/** One version of one ontology: `seq` is the commit's sequence. */
/** `head`: the version is the ontology's head. */
export type VersionScope = { ontologyId: string; seq: number; title: string; version: string; commitId: string; head: boolean };

const COVERS = (alias: string, seqParam: string) => `${alias}."from_seq" <= ${seqParam} AND (${alias}."to_seq" IS NULL OR ${alias}."to_seq" > ${seqParam})`;

/** How many children each of `iris` has in the version (the page's rows only), from the maintained counts. */
async function childrenCounts(sql: SqlRunner, scope: VersionScope, iris: string[]): Promise<Map<string, number>> {
  if (iris.length === 0) return new Map();
  const rows = await sql.query<{ iri: string; count: number }>(
    `SELECT k."parent_iri" AS "iri", k."children" AS "count" FROM "term_child_counts" k
     WHERE k."ontology_id" = $1::uuid AND k."parent_iri" = ANY($3::text[]) AND ${COVERS('k', '$2')}`,
    [scope.ontologyId, scope.seq, iris],
  );
  return new Map(rows.map((row) => [row.iri, Number(row.count)]));
}

/** One version's terms: ranked by `text`, the children of `parent`, or its roots; each with its children count. */
export async function listVersionTerms(
  sql: SqlRunner,
  input: { scope: VersionScope; text?: TermText | undefined; parent?: string | undefined; filters: TermFilters; page: TermPage },
): Promise<{ total: number; rows: TermHitRow[] }> {
  const page = await listVersionTermRows(sql, input);
  // A children page carries its rows' counts already.
  if (page.rows.every((row) => row.children_count !== undefined)) return page;
  const counts = await childrenCounts(sql, input.scope, page.rows.map((row) => row.iri));
  return { total: page.total, rows: page.rows.map((row) => ({ ...row, children_count: counts.get(row.iri) ?? 0 })) };
}

function listVersionTermRows(
  sql: SqlRunner,
  input: { scope: VersionScope; text?: TermText | undefined; parent?: string | undefined; filters: TermFilters; page: TermPage },
): Promise<{ total: number; rows: TermHitRow[] }> {
  const { scope } = input;
  const params: unknown[] = [scope.ontologyId, scope.seq, scope.title, scope.version, scope.commitId];
  const head = `t."iri", t."curie", t."kind", t."label", t."synonyms", t."definition", t."deprecated", t."label_norm",
    t."ontology_id"::text AS "ontology_id", $3::text AS "ontology_title", $4::text AS "version", $5::text AS "commit_id"`;
  if (input.parent !== undefined && !input.text) return childrenPage(sql, head, params, input.parent, input.filters, input.page);
  const where: string[] = [`t."ontology_id" = $1::uuid`, COVERS('t', '$2')];
  let match = 'NULL::int';
  if (input.text) {
    const base = params.length;
    params.push(...textParams(input.text));
    match = matchSql(base);
    where.push(candidateSql(base, input.text.words.length));
  }
  if (input.parent !== undefined) {
    // The edge of this state (same from_seq) to the parent: the edges' primary key, not a GIN on "parents".
    where.push(`EXISTS (SELECT 1 FROM "term_parents" k WHERE k."ontology_id" = t."ontology_id" AND k."iri" = t."iri" AND k."from_seq" = t."from_seq"
      AND k."parent_iri" = $${params.push(input.parent)}::text)`);
  }
  if (!input.text && input.parent === undefined) {
    // A scalar subquery, not NOT EXISTS: the planner may not turn it into an anti-join, so each
    // term probes the (ontology_id, iri) index for its parents. As an anti-join on stale
    // statistics (PGlite is never analyzed; PostgreSQL until autovacuum runs) it rescanned the
    // version per term: 4.1 s instead of 52 ms for 6,900 terms.
    where.push(`(SELECT 1 FROM "terms" p WHERE p."ontology_id" = t."ontology_id" AND p."iri" = ANY(t."parents") AND ${COVERS('p', '$2')} LIMIT 1) IS NULL`);
  }
  const filters = filterSql(input.filters, params.length + 1);
  params.push(...filters.params);
  const query = `SELECT ${head}, ${match} AS "match" FROM "terms" t WHERE ${where.join(' AND ')}${filters.sql}`;
  if (input.text) return paged(sql, `SELECT * FROM (${query}) matched WHERE "match" IS NOT NULL ${RANKED_ORDER}`, params, input.page);
  return sortedPage(sql, query, params, input.page);
}

/**
 * The children of `parent`: the page is a range read of the parent edges' ordered index (only
 * its rows are joined to their states) and the total the parent's maintained children count
 * (a count over that index when kinds are filtered), so a parent with 10,000 children costs
 * about what one with 25 does. The edge rows carry the filtered columns.
 */
async function childrenPage(
  sql: SqlRunner,
  head: string,
  params: unknown[],
  parent: string,
  filters: TermFilters,
  page: TermPage,
): Promise<{ total: number; rows: TermHitRow[] }> {
  /** The filtered edges of `parent`, its parameters numbered after `before` ($1 and $2 are the ontology and sequence). */
  const edges = (before: unknown[]) => {
    const at = [...before, parent];
    const filter = filterSql(filters, at.length + 1);
    at.push(...filter.params);
    return { params: at, sql: `FROM "term_parents" t WHERE t."ontology_id" = $1::uuid AND t."parent_iri" = $${before.length + 1} AND ${COVERS('t', '$2')}${filter.sql}` };
  };
  const order = LABEL_ORDER.replace(/"(label_norm|label|iri)"/g, 't."$1"');
  const listed = edges(params);
  const keptCount = filters.includeDeprecated ? 'children' : 'live_children';
  // With the page, in one statement: each row's children count and (unless kinds are filtered)
  // the parent's kept count of the children listed, which is the exact total.
  const keptOf = (parentSql: string, column: string) =>
    `coalesce((SELECT k."${column}" FROM "term_child_counts" k WHERE k."ontology_id" = $1::uuid AND k."parent_iri" = ${parentSql} AND ${COVERS('k', '$2')}), 0)::int`;
  const rows = await sql.query<TermHitRow & { parent_total?: number }>(
    `SELECT ${head}, NULL::int AS "match", ${keptOf('t."iri"', 'children')} AS "children_count"${filters.kinds ? '' : `, ${keptOf(`$${params.length + 1}`, keptCount)} AS "parent_total"`}
     FROM (SELECT t."iri", t."from_seq" ${listed.sql} ${order} LIMIT ${page.take} OFFSET ${page.skip}) e
     JOIN "terms" t ON t."ontology_id" = $1::uuid AND t."iri" = e."iri" AND t."from_seq" = e."from_seq"
     ${order}`,
    listed.params,
  );
  const keptTotal = rows[0]?.parent_total;
  for (const row of rows) delete row.parent_total;
  if (page.skip === 0 && rows.length < page.take) return { total: rows.length, rows };
  if (keptTotal !== undefined) return { total: Number(keptTotal), rows };
  if (!filters.kinds) {
    // The maintained count of the parent's children in this version (all of them, or those not deprecated).
    const [kept] = await sql.query<{ total: number }>(
      `SELECT k."${keptCount}" AS "total" FROM "term_child_counts" k
       WHERE k."ontology_id" = $1::uuid AND k."parent_iri" = $3 AND ${COVERS('k', '$2')}`,
      [params[0], params[1], parent],
    );
    return { total: Number(kept?.total ?? 0), rows };
  }
  const counted = edges(params.slice(0, 2));
  const [count] = await sql.query<{ total: string | number }>(`SELECT count(*) AS "total" ${counted.sql}`, counted.params);
  return { total: Number(count?.total ?? 0), rows };
}

/**
 * Browsing (roots, children): the page by a top-N sort and the total by a count of its own,
 * rather than a window count that keeps every row (10,000 children) with all its columns.
 */
async function sortedPage(sql: SqlRunner, query: string, params: unknown[], page: TermPage): Promise<{ total: number; rows: TermHitRow[] }> {
  const rows = await sql.query<TermHitRow>(`SELECT * FROM (${query}) listed ${LABEL_ORDER} LIMIT ${page.take} OFFSET ${page.skip}`, params);
  if (page.skip === 0 && rows.length < page.take) return { total: rows.length, rows };
  const [count] = await sql.query<{ total: string | number }>(`SELECT count(*) AS "total" FROM (${query}) listed`, params);
  return { total: Number(count?.total ?? 0), rows };
}
