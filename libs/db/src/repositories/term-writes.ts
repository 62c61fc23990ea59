// A commit's terms (DESIGN 6), written in the commit's own transaction: the states that start
// at its sequence (with their parent edges), the head states it ends, its term-level changes and
// the children counts of the parents it touches. Rows travel as one
// JSON parameter per batch (jsonb_to_recordset), so a large ontology costs few round trips.
import type { Prisma } from '../generated/prisma/client.js';
import type { SqlRunner } from '../sql-runner.js';
import type { DbClient } from './db-client.js';
import type { TermColumns, TermDetailColumns } from './term-columns.js';
import { readStoredSourceText, runnerQuery } from '../source-store/index.js';

/** The one statement form both writers use: a driver transaction or a Prisma transaction. */
export type TermSql = Pick<SqlRunner, 'query'>;

/** A Prisma transaction seen as TermSql. */
export function termSqlOf(tx: DbClient): TermSql {
  // Started at once (a Prisma query is lazy until awaited), so a batch runs while the next is built.
  return { query: <T>(sql: string, params: unknown[] = []) => new Promise<T[]>((resolve, reject) => void tx.$queryRawUnsafe<T[]>(sql, ...params).then(resolve, reject)) };
}

export type NewTermState = TermColumns &
  TermDetailColumns & {
    digest: string;
    annotations: Prisma.InputJsonValue;
    id_keys: string[];
    label_norm: string | null;
    synonyms_norm: string[];
    name_words: string[];
    definition_words: string[];
  };

/** How a commit moves a parent's children counts: edges started minus edges ended (all, and not deprecated). */
export type ChildCountDelta = { parent_iri: string; children: number; live_children: number };

export type NewTermChange = { iri: string; change: 'added' | 'changed' | 'removed'; fields: string[]; newly_deprecated: boolean };

/** A head state as a new commit compares against it. */
export type HeadTermState = Omit<NewTermState, 'annotations' | 'id_keys' | 'label_norm' | 'synonyms_norm' | 'name_words' | 'definition_words'>;

const BATCH = 1000;

function batches<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += BATCH) out.push(items.slice(start, start + BATCH));
  return out;
}

const INSERT_STATES = `INSERT INTO "terms" ("ontology_id", "iri", "from_seq", "digest", "curie", "kind", "label", "synonyms", "definition", "deprecated", "replaced_by", "parents", "annotations",
    "id_keys", "label_norm", "synonyms_norm", "name_words", "definition_words")
  SELECT $1::uuid, t.iri, $2, t.digest, t.curie, t.kind, t.label, t.synonyms, t.definition, t.deprecated, t.replaced_by, t.parents, t.annotations,
    t.id_keys, t.label_norm, t.synonyms_norm, t.name_words, t.definition_words
  FROM jsonb_to_recordset($3::jsonb) AS t(iri text, digest text, curie text, kind text, label text, synonyms text[], definition text, deprecated boolean,
    replaced_by text[], parents text[], annotations jsonb, id_keys text[], label_norm text, synonyms_norm text[], name_words text[], definition_words text[])
  RETURNING "iri", "parents", "label_norm", "label", "kind", "deprecated"`;

/** The started states' parent edges (browsing), in the statement that inserts the states. */
const INSERT_STATES_AND_EDGES = `WITH started AS (${INSERT_STATES})
  INSERT INTO "term_parents" ("ontology_id", "iri", "from_seq", "parent_iri", "label_norm", "label", "kind", "deprecated")
  SELECT DISTINCT $1::uuid, s."iri", $2::int, p."parent_iri", s."label_norm", s."label", s."kind", s."deprecated"
  FROM started s CROSS JOIN LATERAL unnest(s."parents") AS p("parent_iri")`;

/**
 * Ends the head states of a batch of IRIs ($3, an array: found by the head index; a join with
 * their rows as a set was planned, without statistics, as a comparison of every head state with
 * every IRI of the batch: 8 s a batch at 37,000 terms).
 */
const END_STATES = `WITH ended AS (UPDATE "terms" SET "to_seq" = $2
    WHERE "ontology_id" = $1::uuid AND "to_seq" IS NULL AND "iri" = ANY($3::text[])
    RETURNING "iri", "from_seq")
  UPDATE "term_parents" e SET "to_seq" = $2 FROM ended
  WHERE e."ontology_id" = $1::uuid AND e."iri" = ended."iri" AND e."from_seq" = ended."from_seq"`;

const INSERT_CHANGES = `INSERT INTO "term_changes" ("ontology_id", "seq", "iri", "change", "fields", "newly_deprecated")
  SELECT $1::uuid, $2, c.iri, c.change, c.fields, c.newly_deprecated
  FROM jsonb_to_recordset($3::jsonb) AS c(iri text, change text, fields text[], newly_deprecated boolean)`;

/**
 * Ends the head count rows of the parents a commit touches and starts their new counts (none
 * when it drops to 0). The head rows are found by the index ("parent_iri" = ANY of the batch's
 * parents, $4), not by joining the batch's rows: without statistics (PGlite is never analyzed;
 * PostgreSQL until autovacuum runs, and an analyze during a long write sees the rows in flight
 * as none) the planner took the ontology's count rows as one and compared every one of them
 * with every row of the batch, 18 s for the 18,000 parents of a 37,000-term first commit.
 */
const MOVE_CHILD_COUNTS = `WITH d AS (SELECT * FROM jsonb_to_recordset($3::jsonb) AS d(parent_iri text, children int, live_children int)),
  ended AS (UPDATE "term_child_counts" c SET "to_seq" = $2
    WHERE c."ontology_id" = $1::uuid AND c."parent_iri" = ANY($4::text[]) AND c."to_seq" IS NULL
    RETURNING c."parent_iri", c."children", c."live_children")
  INSERT INTO "term_child_counts" ("ontology_id", "parent_iri", "from_seq", "children", "live_children")
  SELECT $1::uuid, d."parent_iri", $2, coalesce(e."children", 0) + d."children", coalesce(e."live_children", 0) + d."live_children"
  FROM d LEFT JOIN ended e ON e."parent_iri" = d."parent_iri"
  WHERE coalesce(e."children", 0) + d."children" > 0`;

/**
 * MOVE_CHILD_COUNTS for a commit written in parts (writeTermsPart): a parent may be touched by
 * several parts, so the head row is ended only if it started before this commit, and a row this
 * commit already started takes the further delta. Rows are kept whatever their count until
 * finishTermsParts drops the empty ones (a partial sum never goes below 0: the edges a part ends
 * were counted in the head row).
 */
const ADD_CHILD_COUNTS = `WITH d AS (SELECT * FROM jsonb_to_recordset($3::jsonb) AS d(parent_iri text, children int, live_children int)),
  ended AS (UPDATE "term_child_counts" c SET "to_seq" = $2
    WHERE c."ontology_id" = $1::uuid AND c."parent_iri" = ANY($4::text[]) AND c."to_seq" IS NULL AND c."from_seq" < $2
    RETURNING c."parent_iri", c."children", c."live_children")
  INSERT INTO "term_child_counts" ("ontology_id", "parent_iri", "from_seq", "children", "live_children")
  SELECT $1::uuid, d."parent_iri", $2, coalesce(e."children", 0) + d."children", coalesce(e."live_children", 0) + d."live_children"
  FROM d LEFT JOIN ended e ON e."parent_iri" = d."parent_iri"
  ON CONFLICT ("ontology_id", "parent_iri", "from_seq") DO UPDATE
    SET "children" = "term_child_counts"."children" + EXCLUDED."children", "live_children" = "term_child_counts"."live_children" + EXCLUDED."live_children"`;

/** The first commit's counts: there is no earlier row to end (the backfill clears from its sequence on). */
const INSERT_CHILD_COUNTS = `INSERT INTO "term_child_counts" ("ontology_id", "parent_iri", "from_seq", "children", "live_children")
  SELECT $1::uuid, d."parent_iri", $2, d."children", d."live_children"
  FROM jsonb_to_recordset($3::jsonb) AS d(parent_iri text, children int, live_children int)
  WHERE d."children" > 0`;

/**
 * Runs the statements in order, building each one's parameters (the JSON of a batch) while the
 * one before it runs: on PostgreSQL the server inserts a batch on one core while the service
 * builds the next on the other. A turn of the event loop after each start lets the driver send it.
 */
async function runOverlapped(sql: TermSql, statements: ReadonlyArray<() => [string, unknown[]]>): Promise<void> {
  let running: Promise<unknown> | null = null;
  for (const build of statements) {
    let statement: [string, unknown[]];
    try {
      statement = build();
    } catch (error) {
      await running?.catch(() => undefined);
      throw error;
    }
    if (running) await running;
    const started = sql.query(statement[0], statement[1]);
    // Handled from now on: it may fail (an expired transaction) while the next statement is
    // built, before it is awaited below; the await still throws its error.
    started.catch(() => undefined);
    running = started;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  if (running) await running;
}

export type CommitTermsWrite<T> = {
  /** IRIs whose head states this commit ends. */
  ended: readonly string[];
  /** The terms whose new states start at this commit... */
  started: readonly T[];
  /** ...and the stored state of one of them, built a batch at a time while the batch before is written. */
  stateOf: (term: T) => NewTermState;
  changes: readonly NewTermChange[];
  childCounts: readonly ChildCountDelta[];
};

/**
 * Writes commit `seq`'s terms: ends the head states of `ended`, then adds `started`, the changes
 * and the children counts. `part`: one part of a commit written in several (writeTermsPart).
 */
export async function writeCommitTerms<T>(sql: TermSql, ontologyId: string, seq: number, terms: CommitTermsWrite<T>, options: { part?: boolean } = {}): Promise<void> {
  const json = (sqlText: string, rows: () => unknown[]) => (): [string, unknown[]] => [sqlText, [ontologyId, seq, JSON.stringify(rows())]];
  await runOverlapped(sql, [
    ...batches(terms.ended).map((batch) => (): [string, unknown[]] => [END_STATES, [ontologyId, seq, batch]]),
    ...batches(terms.started).map((batch) => json(INSERT_STATES_AND_EDGES, () => batch.map(terms.stateOf))),
    ...batches(terms.changes).map((batch) => json(INSERT_CHANGES, () => batch)),
    ...batches(terms.childCounts).map((batch) =>
      options.part === true
        ? (): [string, unknown[]] => [ADD_CHILD_COUNTS, [ontologyId, seq, JSON.stringify(batch), batch.map((delta) => delta.parent_iri)]]
        : seq === 1
        ? json(INSERT_CHILD_COUNTS, () => batch)
        : (): [string, unknown[]] => [MOVE_CHILD_COUNTS, [ontologyId, seq, JSON.stringify(batch), batch.map((delta) => delta.parent_iri)]],
    ),
  ]);
}

/** The head's term states (what the next commit is compared with), by IRI. */
export function headTermStates(sql: TermSql, ontologyId: string): Promise<HeadTermState[]> {
  return sql.query<HeadTermState>(
    `SELECT "iri", "digest", "curie", "kind", "label", "synonyms", "definition", "deprecated", "replaced_by", "parents"
     FROM "terms" WHERE "ontology_id" = $1::uuid AND "to_seq" IS NULL ORDER BY "iri" COLLATE "C"`,
    [ontologyId],
  );
}

/** Whether commit `seq` has its terms written (commits made before terms existed have not). */
export async function commitTermsIndexed(sql: TermSql, ontologyId: string, seq: number): Promise<boolean> {
  const rows = await sql.query<{ terms_indexed: boolean }>(`SELECT "terms_indexed" FROM "commits" WHERE "ontology_id" = $1::uuid AND "seq" = $2`, [ontologyId, seq]);
  return rows[0]?.terms_indexed === true;
}

/**
 * Commit `seq` gets no terms now (its parent has none, or it is indexed in the background):
 * left to a backfill. With `error`, why they cannot be written (terms_status `failed`).
 */
export async function markCommitTermsPending(sql: TermSql, ontologyId: string, seq: number, error: string | null = null): Promise<void> {
  await sql.query(`UPDATE "commits" SET "terms_indexed" = FALSE, "terms_error" = $3 WHERE "ontology_id" = $1::uuid AND "seq" = $2`, [ontologyId, seq, error]);
}

/**
 * A background write of commit `seq`'s terms failed (rolled back): terms_status `failed` with
 * why, until a later pass writes it. A commit another writer indexed meanwhile is left as it is.
 */
export async function markCommitTermsFailed(sql: TermSql, ontologyId: string, seq: number, error: string): Promise<void> {
  await sql.query(`UPDATE "commits" SET "terms_error" = $3 WHERE "ontology_id" = $1::uuid AND "seq" = $2 AND NOT "terms_indexed"`, [ontologyId, seq, error]);
}

/** Commit `seq`'s terms are written (a backfill that reached it). */
export async function markCommitTermsIndexed(sql: TermSql, ontologyId: string, seq: number): Promise<void> {
  await sql.query(`UPDATE "commits" SET "terms_indexed" = TRUE, "terms_error" = NULL WHERE "ontology_id" = $1::uuid AND "seq" = $2`, [ontologyId, seq]);
}

export const TERMS_STATUSES = ['ready', 'indexing', 'failed'] as const;
/** Whether a version's terms can be read (DESIGN 6.2): written, being written in the background, or not writable. */
export type TermsStatus = (typeof TERMS_STATUSES)[number];

export const termsStatusOf = (indexed: boolean, error: string | null): TermsStatus => (indexed ? 'ready' : error === null ? 'indexing' : 'failed');

/**
 * The terms error that holds for commit `alias` (SQL): its own or, while its terms are unwritten,
 * that of the first earlier unwritten commit that failed. Terms are written in commit order and
 * the walk stops at a failed commit, so nothing after it gets terms until a pass writes it: a
 * later head is `failed` too, not `indexing` (it would have stayed so until the next pass).
 */
export const termsErrorSql = (alias: string): string =>
  `CASE WHEN ${alias}."terms_indexed" THEN NULL ELSE coalesce(${alias}."terms_error", (SELECT f."terms_error" FROM "commits" f
    WHERE f."ontology_id" = ${alias}."ontology_id" AND f."seq" < ${alias}."seq" AND NOT f."terms_indexed" AND f."terms_error" IS NOT NULL ORDER BY f."seq" LIMIT 1)) END`;

/** The terms status of commit `seq` (as termsErrorSql reads it) and why it failed; null when there is no such commit. */
export async function commitTermsStatus(sql: TermSql, ontologyId: string, seq: number): Promise<{ status: TermsStatus; error: string | null } | null> {
  const rows = await sql.query<{ terms_indexed: boolean; terms_error: string | null }>(
    `SELECT c."terms_indexed", ${termsErrorSql('c')} AS "terms_error" FROM "commits" c WHERE c."ontology_id" = $1::uuid AND c."seq" = $2`,
    [ontologyId, seq],
  );
  const row = rows[0];
  return row ? { status: termsStatusOf(row.terms_indexed, row.terms_error), error: row.terms_error } : null;
}

/** The terms status of an ontology's head commit ('ready' when there is none). */
export async function headTermsStatus(sql: TermSql, ontologyId: string): Promise<TermsStatus> {
  const rows = await sql.query<{ terms_indexed: boolean; terms_error: string | null }>(
    `SELECT c."terms_indexed", ${termsErrorSql('c')} AS "terms_error" FROM "commits" c WHERE c."ontology_id" = $1::uuid AND c."status" = 'applied' LIMIT 1`,
    [ontologyId],
  );
  const row = rows[0];
  return row ? termsStatusOf(row.terms_indexed, row.terms_error) : 'ready';
}

/** `source` is null when the caller asked for large sources to be left unread (`textUpToBytes`). */
export type UnindexedCommit = { id: string; seq: number; source_format: string; bytes: number; source: string | null };

/**
 * The first commit of the ontology whose terms are not written, with its source (unless it is
 * over `textUpToBytes`: the caller then reads it as a stream); null when all are.
 */
export async function firstUnindexedCommit(sql: TermSql, ontologyId: string, options: { textUpToBytes?: number } = {}): Promise<UnindexedCommit | null> {
  const rows = await sql.query<{ id: string; seq: number; source_format: string; bytes: string | null }>(
    `SELECT c."id"::text AS "id", c."seq", c."source_format", s."bytes"::text AS "bytes"
     FROM "commits" c LEFT JOIN "commit_sources" s ON s."commit_id" = c."id"
     WHERE c."ontology_id" = $1::uuid AND NOT c."terms_indexed" ORDER BY c."seq" LIMIT 1`,
    [ontologyId],
  );
  const row = rows[0];
  if (!row) return null;
  const bytes = Number(row.bytes ?? 0);
  const unread = options.textUpToBytes !== undefined && bytes > options.textUpToBytes;
  return { id: row.id, seq: row.seq, source_format: row.source_format, bytes, source: unread ? null : ((await readStoredSourceText(runnerQuery(sql), row.id)) ?? '') };
}

/** Ontologies with a commit whose terms are not written, by id after `afterId` (a cursor over one pass). */
export async function ontologiesNeedingTerms(sql: TermSql, input: { afterId?: string | undefined; take: number }): Promise<string[]> {
  const rows = await sql.query<{ id: string }>(
    `SELECT o."id"::text AS "id" FROM "ontologies" o
     WHERE EXISTS (SELECT 1 FROM "commits" c WHERE c."ontology_id" = o."id" AND NOT c."terms_indexed")${input.afterId ? ` AND o."id" > $1::uuid` : ''}
     ORDER BY o."id" LIMIT ${Math.max(1, Math.trunc(input.take))}`,
    input.afterId ? [input.afterId] : [],
  );
  return rows.map((row) => row.id);
}
