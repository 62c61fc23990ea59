// The locks writers of ontologies take, and the time of a write under them.
import type { Prisma } from '../generated/prisma/client.js';
import { withHeadSource } from './ontology-rows.js';

// pg_advisory_xact_lock key: parent changes run one at a time, so two of them can neither
// form a cycle between their checks nor deadlock on each other's rows (FOR UPDATE against the
// foreign key's FOR KEY SHARE on the new parent).
const HIERARCHY_LOCK_KEY = 7_305_942_119;

/** Serializes changes of `parent_id` for the rest of the transaction; take it before any row lock. */
export async function lockHierarchy(tx: Prisma.TransactionClient): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${HIERARCHY_LOCK_KEY}::bigint)`;
}

/** Locks the ontology row until the transaction ends: writers of one ontology serialize. */
export async function lockOntology(tx: Prisma.TransactionClient, id: string) {
  await lockOntologyRow(tx, id);
  return withHeadSource(tx, await tx.ontology.findUnique({ where: { id } }));
}

/** The same lock as lockOntology without reading the row (work that needs no head source); false when the ontology is gone. */
export async function lockOntologyRow(tx: Prisma.TransactionClient, id: string): Promise<boolean> {
  const rows = await tx.$queryRaw<{ one: number }[]>`SELECT 1 AS "one" FROM "ontologies" WHERE "id" = ${id}::uuid FOR UPDATE`;
  return rows.length > 0;
}

/**
 * The time of a write to an ontology whose row lock the transaction holds (take it after
 * lockOntology), by the database's clock, so every replica agrees: the clock as it is now
 * (clock_timestamp(); now() is when the transaction began, maybe long before it got the lock),
 * and never before the ontology's last change or its head commit. A new commit, the head it
 * supersedes and the ontology all take this one time: a history's times never run backwards.
 */
export async function writeTimeAfterLock(tx: Prisma.TransactionClient, id: string): Promise<Date> {
  const [row] = await tx.$queryRaw<{ at: Date }[]>`
    SELECT GREATEST(date_trunc('milliseconds', clock_timestamp()), o."updated_at", c."created_at") AS "at"
    FROM "ontologies" o LEFT JOIN "commits" c ON c."ontology_id" = o."id" AND c."status" = 'applied'
    WHERE o."id" = ${id}::uuid`;
  if (!row) throw new Error(`writeTimeAfterLock: no ontology ${id}`);
  return new Date(row.at);
}
