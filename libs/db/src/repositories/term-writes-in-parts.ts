// A commit's terms written in parts (DESIGN 8: a large source's background terms in bounded
// memory): each part is a transaction of its own under the ontology's row lock, so neither the
// service's memory nor one transaction grows with the number of terms, and the embedded
// database's one connection is free between parts. Readers see none of it until the last part
// marks the commit indexed (they answer the last indexed version: readyTermsSeq). One writer at
// a time: `term_writes` names it, and each part checks it still holds the claim (a writer that
// stopped beating for WRITER_SILENT_MS is taken over, its parts cleared).
import type { HeadTermState, TermSql } from './term-writes.js';

/** A writer that has not written a part for this long (ms) is taken to have stopped. */
export const WRITER_SILENT_MS = 10 * 60_000;

/** The claim was taken over (this writer was silent too long) or released: stop writing. */
export class TermsWriteLost extends Error {}

/**
 * Claims commit `seq`'s terms for `writer` (call under the ontology's row lock): 'busy' when
 * another writer is at it, else whatever an earlier writer left is cleared by the caller.
 */
export async function claimTermsWrite(sql: TermSql, ontologyId: string, seq: number, writer: string): Promise<'claimed' | 'busy'> {
  const rows = await sql.query<{ writer: string }>(
    `INSERT INTO "term_writes" ("ontology_id", "seq", "writer", "beat_at") VALUES ($1::uuid, $2, $3, now())
     ON CONFLICT ("ontology_id", "seq") DO UPDATE SET "writer" = EXCLUDED."writer", "beat_at" = EXCLUDED."beat_at"
       WHERE "term_writes"."beat_at" < now() - make_interval(secs => $4::float8 / 1000)
     RETURNING "writer"`,
    [ontologyId, seq, writer, WRITER_SILENT_MS],
  );
  return rows[0]?.writer === writer ? 'claimed' : 'busy';
}

/** Whether another writer is writing commit `seq`'s terms in parts now (a commit written at once must wait for it). */
export async function termsWriteBusy(sql: TermSql, ontologyId: string, seq: number): Promise<boolean> {
  const rows = await sql.query(
    `SELECT 1 FROM "term_writes" WHERE "ontology_id" = $1::uuid AND "seq" = $2 AND "beat_at" >= now() - make_interval(secs => $3::float8 / 1000)`,
    [ontologyId, seq, WRITER_SILENT_MS],
  );
  return rows.length > 0;
}

/** Beats for `writer` before a part; throws TermsWriteLost when it no longer holds the claim. */
export async function holdTermsWrite(sql: TermSql, ontologyId: string, seq: number, writer: string): Promise<void> {
  const rows = await sql.query(`UPDATE "term_writes" SET "beat_at" = now() WHERE "ontology_id" = $1::uuid AND "seq" = $2 AND "writer" = $3 RETURNING 1`, [
    ontologyId,
    seq,
    writer,
  ]);
  if (rows.length === 0) throw new TermsWriteLost(`the terms of commit ${seq} are being written by another writer`);
}

/** Drops the claim and the IRIs kept for it (the write ended, either way). */
export async function releaseTermsWrite(sql: TermSql, ontologyId: string, seq: number, writer: string): Promise<void> {
  await sql.query(`DELETE FROM "term_writes" WHERE "ontology_id" = $1::uuid AND "seq" = $2 AND "writer" = $3`, [ontologyId, seq, writer]);
  await sql.query(`DELETE FROM "term_write_iris" WHERE "ontology_id" = $1::uuid AND "seq" = $2`, [ontologyId, seq]);
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

/**
 * The sequence whose terms a read of version `seq` answers: `seq` itself when its terms are
 * written, else the last earlier commit whose terms are (0: none). A version written in parts
 * is thus never seen half written, and one whose terms are pending or failed answers its
 * nearest indexed ancestor's, as its unended rows did before.
 */
export async function readyTermsSeq(sql: TermSql, ontologyId: string, seq: number): Promise<number> {
  const rows = await sql.query<{ seq: number }>(
    `SELECT c."seq" FROM "commits" c WHERE c."ontology_id" = $1::uuid AND c."seq" <= $2 AND c."terms_indexed" ORDER BY c."seq" DESC LIMIT 1`,
    [ontologyId, seq],
  );
  return Number(rows[0]?.seq ?? 0);
}
