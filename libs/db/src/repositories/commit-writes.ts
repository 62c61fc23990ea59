// New commits. A commit is never changed after it is written, except that the head it
// replaces becomes superseded. Its source goes to the source store (a delta against the head
// it replaces), in the same transaction.
import type { Prisma } from '../generated/prisma/client.js';
import { prismaQuery, storeSource, type SourceInput, type SqlQuery } from '../source-store/index.js';
import type { DbClient } from './db-client.js';

export type NewCommit = {
  id: string;
  seq: number;
  parentHash: string | null;
  commitHash: string;
  message: string;
  sourceFormat: string;
  version: string;
  authorId: string;
  /** Text, or its UTF-8 bytes as they arrive (stored while they do). */
  source: SourceInput;
  /** Metrics of the source, stored as JSONB (null when they could not be computed). */
  metrics?: Prisma.InputJsonValue | null;
};

export const metricsJson = (metrics: NewCommit['metrics']) => (metrics === undefined || metrics === null ? null : JSON.stringify(metrics));

// `at` travels as ISO 8601 text with its zone: read the same in any session time zone.
async function insertCommitRow(tx: DbClient, ontologyId: string, c: NewCommit, at: Date): Promise<void> {
  const metrics = metricsJson(c.metrics);
  await tx.$executeRaw`
    INSERT INTO "commits" ("id", "ontology_id", "seq", "parent_hash", "commit_hash", "message", "source_format", "status", "version", "author_id", "metrics", "created_at", "updated_at")
    VALUES (${c.id}::uuid, ${ontologyId}::uuid, ${c.seq}, ${c.parentHash}, ${c.commitHash}, ${c.message}, ${c.sourceFormat}, 'applied', ${c.version}, ${c.authorId}::uuid, ${metrics}::jsonb,
            ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz)`;
}

/**
 * Appends a commit as the new head: the old head becomes superseded, never otherwise changed.
 * `at`: writeTimeAfterLock, the new commit's created_at and the old head's updated_at.
 */
export async function appendCommit(
  tx: DbClient,
  ontologyId: string,
  commit: NewCommit,
  at: Date,
  /** The head's source when the caller read it under the lock: spares rebuilding it for the delta (checked by hash). */
  headSource?: string,
): Promise<void> {
  // Before the head is superseded: the source is stored as a delta against it.
  await storeSource(prismaQuery(tx), { commitId: commit.id, ontologyId, source: commit.source, ...(headSource !== undefined ? { baseText: headSource } : {}) });
  await tx.$executeRaw`UPDATE "commits" SET "status" = 'superseded', "updated_at" = ${at.toISOString()}::timestamptz WHERE "ontology_id" = ${ontologyId}::uuid AND "status" = 'applied'`;
  await insertCommitRow(tx, ontologyId, commit, at);
}

/**
 * Sets the metrics of a commit written in this transaction before they were known (a large
 * source is stored while its check runs beside it, DESIGN 8).
 */
export async function setCommitMetrics(q: SqlQuery, commitId: string, metrics: NewCommit['metrics']): Promise<void> {
  await q(`UPDATE "commits" SET "metrics" = $2::jsonb WHERE "id" = $1::uuid`, [commitId, metricsJson(metrics)]);
}
