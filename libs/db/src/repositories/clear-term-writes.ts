// Taking back what writes of a commit's terms left (a writer stopped half way, or a write that
// failed), a batch per transaction (docs/decisions.md "Term writes survive a killed process,
// and term reads name the version they read").
import type { TermSql } from './term-writes.js';

/** One transaction of a write (the caller's: the ontology's row lock and the writer's claim). */
export type TermsTransaction = <T>(work: (sql: TermSql) => Promise<T>) => Promise<T>;

/** Rows looked at per transaction when a write is taken back. */
export const CLEAR_BATCH = 5000;

/**
 * The tables a write of commit `seq` touches, each walked in its key order within the ontology
 * (`keys`: the primary or unique key after "ontology_id"), so every transaction reads a range
 * of the index once: no batch rescans rows an earlier one deleted. `bySeq`: only its rows of
 * `seq` on are read (they are all deleted); the others are read whole (their later rows are
 * deleted, their ends at `seq` on taken back).
 */
const CLEARED: ReadonlyArray<{ table: string; keys: string[]; bySeq: boolean }> = [
  { table: 'terms', keys: ['iri'], bySeq: false },
  { table: 'term_parents', keys: ['iri'], bySeq: false },
  { table: 'term_child_counts', keys: ['parent_iri'], bySeq: false },
  { table: 'term_changes', keys: ['seq', 'iri'], bySeq: true },
  { table: 'term_write_iris', keys: ['seq', 'iri'], bySeq: true },
];

type ClearStep = (typeof CLEARED)[number];
/** The IRIs kept for a write in parts: the last step. */
const KEPT_IRIS = CLEARED[CLEARED.length - 1] as ClearStep;
type ClearCursor = unknown[] | null;

/** The key tuple of a step as SQL: `"iri"` or `("seq", "iri")`. */
const tupleOf = (keys: string[]) => (keys.length === 1 ? `"${keys[0]}"` : `(${keys.map((key) => `"${key}"`).join(', ')})`);
const placeholders = (from: number, count: number) => (count === 1 ? `$${from}` : `(${Array.from({ length: count }, (_, index) => `$${from + index}`).join(', ')})`);

/**
 * One range of a step, in one transaction: the next `take` keys after `after`, then within
 * them the rows from `seq` on are deleted and the ends at `seq` on taken back. The cursor of the
 * next range, or null past the end.
 */
async function clearRange(sql: TermSql, step: ClearStep, ontologyId: string, seq: number, after: ClearCursor, take: number): Promise<ClearCursor> {
  const { table, keys, bySeq } = step;
  const columns = keys.map((key) => `"${key}"`).join(', ');
  // $1 the ontology, $2 the sequence, then the cursor (every parameter is used: PostgreSQL cannot type an unused one).
  const params: unknown[] = [ontologyId, seq];
  const conditions = [`"ontology_id" = $1::uuid`, bySeq ? `"seq" >= $2` : `$2::int IS NOT NULL`];
  if (after) {
    conditions.push(`${tupleOf(keys)} > ${placeholders(params.length + 1, keys.length)}`);
    params.push(...after);
  }
  const [last] = await sql.query<Record<string, unknown> & { n: string | number }>(
    `SELECT ${columns}, count(*) OVER () AS "n" FROM (SELECT ${columns} FROM "${table}" WHERE ${conditions.join(' AND ')} ORDER BY ${columns} LIMIT ${take}) page
     ORDER BY ${keys.map((key) => `"${key}" DESC`).join(', ')} LIMIT 1`,
    params,
  );
  if (!last) return null;
  const upTo = keys.map((key) => last[key]);
  const range = [...conditions, `${tupleOf(keys)} <= ${placeholders(params.length + 1, keys.length)}`].join(' AND ');
  const rangeParams = [...params, ...upTo];
  if (bySeq) {
    await sql.query(`DELETE FROM "${table}" WHERE ${range}`, rangeParams);
  } else {
    await sql.query(`DELETE FROM "${table}" WHERE ${range} AND "from_seq" >= $2`, rangeParams);
    await sql.query(`UPDATE "${table}" SET "to_seq" = NULL WHERE ${range} AND "to_seq" >= $2`, rangeParams);
  }
  // A short page was the last one.
  return Number(last.n) < take ? null : upTo;
}

/**
 * Takes back whatever commits from `seq` on wrote (rows they started, ends they set, their
 * changes, the IRIs kept for a write in parts), so commit `seq` is written on exactly the states
 * of `seq - 1`. A batch of at most about `batch` keys per transaction (`inTransaction`, the
 * caller's: under the ontology's row lock and its claim), so taking back a half-written version
 * of millions of terms never needs one long transaction. Readers never see any of it: they read
 * indexed versions only, which are before `seq`, and every row a range leaves or takes back
 * still covers them. Idempotent: a clear that stopped half way is finished by the next one.
 */
export function clearTermsFrom(inTransaction: TermsTransaction, ontologyId: string, seq: number, options: { batch?: number } = {}): Promise<void> {
  return clearSteps(CLEARED, inTransaction, ontologyId, seq, options.batch);
}

/** The IRIs kept for a write in parts of commit `seq`, in batches (`clearTermsFrom`'s last step alone). */
export function dropKeptIris(inTransaction: TermsTransaction, ontologyId: string, seq: number, options: { batch?: number } = {}): Promise<void> {
  return clearSteps([KEPT_IRIS], inTransaction, ontologyId, seq, options.batch);
}

/** Each step's ranges in turn, a transaction each. */
async function clearSteps(steps: readonly ClearStep[], inTransaction: TermsTransaction, ontologyId: string, seq: number, batch = CLEAR_BATCH): Promise<void> {
  const take = Math.max(1, Math.trunc(batch));
  for (const step of steps) {
    let after: ClearCursor = null;
    do after = await inTransaction((sql) => clearRange(sql, step, ontologyId, seq, after, take));
    while (after !== null);
  }
}
