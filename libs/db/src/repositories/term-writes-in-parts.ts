// A commit's terms written in parts (DESIGN 8: a large source's background terms in bounded
// memory): each part is a transaction of its own under the ontology's row lock, so neither the
// service's memory nor one transaction grows with the number of terms, and the embedded
// database's one connection is free between parts. Readers see none of it until the last part
// marks the commit indexed (the head answers the last indexed version; version-scope.ts). One writer at
// a time: `term_writes` names it; the writer beats from a timer (WRITER_BEAT_MS) from its claim
// to its release, extraction included, and each part checks it still holds the claim. A claim
// not beaten for WRITER_SILENT_MS (three beats) is a stopped writer's: it is taken over.
import type { HeadTermState, TermSql } from './term-writes.js';

/** How often a writer beats (ms), between parts and while it extracts or waits. */
export const WRITER_BEAT_MS = 10_000;
/** A claim not beaten for this long (ms: three beats missed) was left by a stopped writer. */
export const WRITER_SILENT_MS = 3 * WRITER_BEAT_MS;

/** The claim was taken over (this writer was silent too long) or released: stop writing. */
export class TermsWriteLost extends Error {}

const silentSql = (param: string) => `"beat_at" < now() - make_interval(secs => ${param}::float8 / 1000)`;

/**
 * Claims commit `seq`'s terms for `writer` (call under the ontology's row lock): 'busy' when
 * another writer is at it (beaten within `silentMs`); 'took_over' when a silent writer's claim
 * was taken (what it wrote is to be cleared by the caller); else 'claimed'.
 */
export async function claimTermsWrite(sql: TermSql, ontologyId: string, seq: number, writer: string, silentMs = WRITER_SILENT_MS): Promise<'claimed' | 'took_over' | 'busy'> {
  const rows = await sql.query<{ writer: string; took_over: boolean }>(
    `INSERT INTO "term_writes" ("ontology_id", "seq", "writer", "beat_at") VALUES ($1::uuid, $2, $3, clock_timestamp())
     ON CONFLICT ("ontology_id", "seq") DO UPDATE SET "writer" = EXCLUDED."writer", "beat_at" = EXCLUDED."beat_at"
       WHERE "term_writes".${silentSql('$4')}
     RETURNING "writer", ("xmax" <> 0) AS "took_over"`,
    [ontologyId, seq, writer, silentMs],
  );
  const row = rows[0];
  if (row?.writer !== writer) return 'busy';
  return row.took_over ? 'took_over' : 'claimed';
}

/**
 * Whether commit `seq` on may have rows to clear though no claim of it was left: its changes or
 * kept IRIs (by their keys), or for the first commit any term (flags reset by hand). Cheap: the
 * full clear walks every row of the ontology.
 */
export async function termRowsFromMayExist(sql: TermSql, ontologyId: string, seq: number): Promise<boolean> {
  const rows = await sql.query<{ found: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM "term_changes" WHERE "ontology_id" = $1::uuid AND "seq" >= $2)
       OR EXISTS (SELECT 1 FROM "term_write_iris" WHERE "ontology_id" = $1::uuid AND "seq" >= $2)
       OR ($2 <= 1 AND EXISTS (SELECT 1 FROM "terms" WHERE "ontology_id" = $1::uuid)) AS "found"`,
    [ontologyId, seq],
  );
  return rows[0]?.found === true;
}

/** Who holds commit `seq`'s claim, when it last beat (ms since the epoch, the database's clock) and whether it is silent; null when none. */
export async function termsWriteClaim(
  sql: TermSql,
  ontologyId: string,
  seq: number,
  silentMs = WRITER_SILENT_MS,
): Promise<{ writer: string; beatAt: number; silent: boolean } | null> {
  const rows = await sql.query<{ writer: string; beat_at: string | number; silent: boolean }>(
    `SELECT "writer", (extract(epoch FROM "beat_at") * 1000)::float8 AS "beat_at", ${silentSql('$3')} AS "silent"
     FROM "term_writes" WHERE "ontology_id" = $1::uuid AND "seq" = $2`,
    [ontologyId, seq, silentMs],
  );
  const row = rows[0];
  return row ? { writer: row.writer, beatAt: Number(row.beat_at), silent: row.silent } : null;
}

/** Beats for `writer` (its timer, or a part); false when it no longer holds the claim. */
export async function beatTermsWrite(sql: TermSql, ontologyId: string, seq: number, writer: string): Promise<boolean> {
  const rows = await sql.query(`UPDATE "term_writes" SET "beat_at" = clock_timestamp() WHERE "ontology_id" = $1::uuid AND "seq" = $2 AND "writer" = $3 RETURNING 1`, [
    ontologyId,
    seq,
    writer,
  ]);
  return rows.length > 0;
}

/**
 * Whether `writer` holds commit `seq`'s claim, read without locking its row (call under the
 * ontology's row lock, which every claim and takeover takes: the answer holds for the
 * transaction, and the writer's timer can still beat meanwhile).
 */
export async function holdsTermsWrite(sql: TermSql, ontologyId: string, seq: number, writer: string): Promise<boolean> {
  const rows = await sql.query(`SELECT 1 FROM "term_writes" WHERE "ontology_id" = $1::uuid AND "seq" = $2 AND "writer" = $3`, [ontologyId, seq, writer]);
  return rows.length > 0;
}

/** Beats for `writer` in a part's transaction; throws TermsWriteLost when it no longer holds the claim. */
export async function holdTermsWrite(sql: TermSql, ontologyId: string, seq: number, writer: string): Promise<void> {
  if (!(await beatTermsWrite(sql, ontologyId, seq, writer))) throw new TermsWriteLost(`the terms of commit ${seq} are being written by another writer`);
}

/** Drops the claim (the write ended, either way; the IRIs kept for it are dropped before, in batches: dropKeptIris). */
export async function releaseTermsWrite(sql: TermSql, ontologyId: string, seq: number, writer: string): Promise<void> {
  await sql.query(`DELETE FROM "term_writes" WHERE "ontology_id" = $1::uuid AND "seq" = $2 AND "writer" = $3`, [ontologyId, seq, writer]);
}

const STATE_COLUMNS = `t."iri", t."digest", t."curie", t."kind", t."label", t."synonyms", t."definition", t."deprecated", t."replaced_by", t."parents"`;

const IN_PARENT = `t."ontology_id" = $1::uuid AND t."iri" = ANY($3::text[]) AND t."from_seq" < $2 AND (t."to_seq" IS NULL OR t."to_seq" >= $2)`;

/** The digests of `iris` in the parent version of `seq` (by the (ontology, iri, from_seq) index): most terms of a new version are unchanged. */
export function parentTermDigests(sql: TermSql, ontologyId: string, seq: number, iris: readonly string[]): Promise<{ iri: string; digest: string }[]> {
  if (iris.length === 0 || seq <= 1) return Promise.resolve([]);
  return sql.query<{ iri: string; digest: string }>(`SELECT t."iri", t."digest" FROM "terms" t WHERE ${IN_PARENT}`, [ontologyId, seq, [...iris]]);
}

/** The states of `iris` in the parent version of `seq` (by the (ontology, iri, from_seq) index). */
export function parentTermStates(sql: TermSql, ontologyId: string, seq: number, iris: readonly string[]): Promise<HeadTermState[]> {
  if (iris.length === 0 || seq <= 1) return Promise.resolve([]);
  return sql.query<HeadTermState>(`SELECT ${STATE_COLUMNS} FROM "terms" t WHERE ${IN_PARENT}`, [ontologyId, seq, [...iris]]);
}

/** Keeps the IRIs a part of version `seq` has (the removed terms are found against them at the end). */
export async function keepVersionIris(sql: TermSql, ontologyId: string, seq: number, iris: readonly string[]): Promise<void> {
  if (iris.length === 0) return;
  await sql.query(`INSERT INTO "term_write_iris" ("ontology_id", "seq", "iri") SELECT $1::uuid, $2, unnest($3::text[]) ON CONFLICT DO NOTHING`, [
    ontologyId,
    seq,
    [...iris],
  ]);
}

/**
 * The next `take` head IRIs of the parent version that this write has not ended, after
 * `afterIri` in the database's own order, each with whether the new version has it (the others
 * are removed: their states are then read by parentTermStates). The page is taken from the head
 * index first and only its rows are probed: an anti-join over the whole head, planned without
 * statistics (PGlite), took 5-8 s a page at 25,000 terms.
 */
export function parentHeadPage(sql: TermSql, ontologyId: string, seq: number, afterIri: string | null, take: number): Promise<{ iri: string; kept: boolean }[]> {
  const params: unknown[] = [ontologyId, seq];
  const after = afterIri === null ? '' : ` AND t."iri" > $${params.push(afterIri)}`;
  return sql.query<{ iri: string; kept: boolean }>(
    `WITH "page" AS MATERIALIZED (SELECT t."iri" FROM "terms" t
       WHERE t."ontology_id" = $1::uuid AND t."to_seq" IS NULL AND t."from_seq" < $2${after} ORDER BY t."iri" LIMIT ${Math.max(1, Math.trunc(take))})
     SELECT p."iri", EXISTS (SELECT 1 FROM "term_write_iris" k WHERE k."ontology_id" = $1::uuid AND k."seq" = $2 AND k."iri" = p."iri") AS "kept"
     FROM "page" p ORDER BY p."iri"`,
    params,
  );
}

/** The children count rows commit `seq` started and left empty (its parts add and subtract in any order). */
export async function dropEmptyChildCounts(sql: TermSql, ontologyId: string, seq: number): Promise<void> {
  await sql.query(`DELETE FROM "term_child_counts" WHERE "ontology_id" = $1::uuid AND "from_seq" = $2 AND "children" <= 0`, [ontologyId, seq]);
}
