// Ontology rows. The row carries the head's hash, version and sequence; the source lives only
// in commits (the head commit is the one `applied`), so a row "with head" joins that one commit.
import type { Prisma } from '../generated/prisma/client.js';
import { prismaQuery, readStoredSourceText, runnerQuery, storeSource, type SqlQuery } from '../source-store/index.js';
import type { SqlRunner } from '../sql-runner.js';
import { metricsJson, type NewCommit } from './commit-writes.js';
import type { DbClient } from './db-client.js';
import type { TermsStatus } from './term-writes.js';

export type OntologyRow = Prisma.OntologyGetPayload<object>;
/** An ontology with its head source (`commits`: the head commit's, or none when not read). */
export type OntologyWithHead = OntologyRow & { commits: { source: string }[] };
/** An ontology with its head source, the metrics stored with its head commit and whether its terms are written. */
export type OntologyWithHeadMetrics = OntologyWithHead & { headMetrics: Prisma.JsonValue | null; termsStatus: TermsStatus };

/** What an update may change on the row (its time of change is the write's, given apart). */
export type OntologyRowChanges = {
  title?: string;
  description?: string;
  visibility?: string;
  parentId?: string | null;
  sourceFormat?: string;
  version?: string;
  headHash?: string;
  headSeq?: number;
};

/** The source of the ontology's head commit ('' when it has none). */
export async function headSourceOf(q: SqlQuery, ontologyId: string): Promise<string> {
  const [head] = await q<{ id: string }>(`SELECT "id"::text AS "id" FROM "commits" WHERE "ontology_id" = $1::uuid AND "status" = 'applied'`, [ontologyId]);
  return head ? ((await readStoredSourceText(q, head.id)) ?? '') : '';
}

/** The row with its head source attached (null stays null). */
export async function withHeadSource<R extends OntologyRow>(db: DbClient, row: R | null): Promise<(R & { commits: { source: string }[] }) | null> {
  if (!row) return null;
  return { ...row, commits: [{ source: await headSourceOf(prismaQuery(db), row.id) }] };
}

export function findOntologyRow(db: DbClient, id: string) {
  return db.ontology.findUnique({ where: { id } });
}

export async function parentIdOf(db: DbClient, id: string): Promise<string | null> {
  const row = await db.ontology.findUnique({ where: { id }, select: { parentId: true } });
  return row?.parentId ?? null;
}

export type NewOntology = {
  id: string;
  accountId: string;
  parentId: string | null;
  title: string;
  description: string;
  visibility: string;
  sourceFormat: string;
  version: string;
  headHash: string;
  headSeq: number;
};

const INSERT_ONTOLOGY = `INSERT INTO "ontologies" ("id", "account_id", "parent_id", "title", "description", "visibility", "source_format", "version", "head_hash", "head_seq", "updated_at")
  VALUES ($1::uuid, $2::uuid, $3::uuid, $4, $5, $6, $7, $8, $9, $10, CURRENT_TIMESTAMP) RETURNING "created_at", "updated_at"`;
const INSERT_FIRST_COMMIT = `INSERT INTO "commits" ("id", "ontology_id", "seq", "parent_hash", "commit_hash", "message", "source_format", "status", "version", "author_id", "metrics", "updated_at")
  VALUES ($1::uuid, $2::uuid, $3, $4, $5, $6, $7, 'applied', $8, $9::uuid, $10::jsonb, CURRENT_TIMESTAMP)`;

/**
 * Inserts an ontology and its first (applied) commit in one transaction, straight through
 * the driver: the source is stored whole, piece by piece, and the answer is built from what
 * was written instead of being read back.
 */
export async function insertOntology(
  sql: SqlRunner,
  o: NewOntology,
  c: NewCommit,
  /** The transaction's first step (the caller's authorization); a throw rolls it back. */
  before?: (tx: SqlRunner) => Promise<void>,
  /** The transaction's last step (the commit's terms); a throw rolls it back. */
  after?: (tx: SqlRunner) => Promise<void>,
): Promise<OntologyWithHead> {
  let stamps: { created_at: Date; updated_at: Date } | undefined;
  await sql.transaction(async (tx) => {
    if (before) await before(tx);
    [stamps] = await tx.query<{ created_at: Date; updated_at: Date }>(INSERT_ONTOLOGY, [
      o.id, o.accountId, o.parentId, o.title, o.description, o.visibility, o.sourceFormat, o.version, o.headHash, o.headSeq,
    ]);
    await tx.query(INSERT_FIRST_COMMIT, [
      c.id, o.id, c.seq, c.parentHash, c.commitHash, c.message, c.sourceFormat, c.version, c.authorId, metricsJson(c.metrics),
    ]);
    await storeSource(runnerQuery(tx), { commitId: c.id, ontologyId: o.id, source: c.source, baseCommitId: null });
    if (after) await after(tx);
  });
  const at = stamps ? new Date(stamps.created_at) : new Date();
  // A streamed source is not echoed back (DESIGN 8: such answers carry `source_bytes`).
  const commits = typeof c.source === 'string' ? [{ source: c.source }] : [];
  return { ...o, createdAt: at, updatedAt: stamps ? new Date(stamps.updated_at) : at, commits };
}

/**
 * Updates the ontology row, changed at `at` (writeTimeAfterLock); the caller knows the head
 * source and attaches it.
 */
export async function updateOntologyRow(
  tx: DbClient,
  id: string,
  data: OntologyRowChanges,
  headSource: string,
  at: Date,
): Promise<OntologyWithHead> {
  const row = await tx.ontology.update({ where: { id }, data: { ...data, updatedAt: at } });
  return { ...row, commits: [{ source: headSource }] };
}

export function deleteOntologyRow(tx: DbClient, id: string) {
  return tx.ontology.delete({ where: { id } });
}
