// Ontologies and their commits. The ontology row carries the head's hash, version and
// sequence; the source lives only in commits (the head commit is the one `applied`).
import type { Viewer, VisibilityFacts } from '@oms/domain';
import { Prisma } from '../generated/prisma/client.js';
import type { SqlRunner } from '../sql-runner.js';
import { visibleTo, visibleToUserSql } from '../visibility.js';
import type { DbClient } from './db-client.js';

export const withHeadSource = {
  commits: { where: { status: 'applied' }, select: { source: true }, take: 1 },
} as const;

export type OntologyWithHead = Prisma.OntologyGetPayload<{ include: typeof withHeadSource }>;

export function findVisibleOntology(db: DbClient, id: string, viewer: Viewer) {
  return db.ontology.findFirst({ where: { id, ...visibleTo(viewer) }, include: withHeadSource });
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

export function findOntologyRow(db: DbClient, id: string) {
  return db.ontology.findUnique({ where: { id } });
}

export async function parentIdOf(db: DbClient, id: string): Promise<string | null> {
  const row = await db.ontology.findUnique({ where: { id }, select: { parentId: true } });
  return row?.parentId ?? null;
}

export type OntologyRow = Prisma.OntologyGetPayload<object>;

/**
 * Prisma mishandles offsets past 32 bits (a skip of 2^32 skipped nothing and answered the first
 * rows): no list is that long, so a larger offset is read as the end of the list.
 */
const MAX_SKIP = 2 ** 31 - 1;

function windowOf(page: { skip: number; take: number }): { skip: number; take: number } {
  return { skip: Math.min(page.skip, MAX_SKIP), take: page.take };
}

/** One page of ontologies without their sources (those can be megabytes each). */
export async function listOntologyPage(
  db: DbClient,
  where: Prisma.OntologyWhereInput,
  page: { skip: number; take: number },
): Promise<{ total: number; rows: OntologyRow[] }> {
  const [total, rows] = await Promise.all([
    db.ontology.count({ where }),
    db.ontology.findMany({ where, orderBy: { id: 'desc' }, ...windowOf(page) }),
  ]);
  return { total, rows };
}

const SOURCE_BATCH_BYTES = 2 * 1024 * 1024;

/** The size in bytes (UTF-8) of each ontology's head source, by ontology id. */
export async function headSourceBytes(db: DbClient, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const sizes = await db.$queryRaw<{ id: string; bytes: number }[]>`
    SELECT "ontology_id"::text AS "id", octet_length("source")::int AS "bytes"
    FROM "commits" WHERE "status" = 'applied' AND "ontology_id" IN (${Prisma.join(ids.map((id) => Prisma.sql`${id}::uuid`))})`;
  return new Map(sizes.map((size) => [size.id, Number(size.bytes)]));
}

/**
 * Yields the rows with their head sources, loading sources in batches of at most 2 MB (at
 * least one row each): small sources cost one query, large ones are never all in memory.
 * `bytesOf`: the head sources' sizes (headSourceBytes), which the caller reads first to bound the page.
 */
export async function* withHeadSources(
  db: DbClient,
  rows: OntologyRow[],
  bytesOf: Map<string, number>,
): AsyncGenerator<OntologyWithHead> {
  let index = 0;
  while (index < rows.length) {
    const batch: OntologyRow[] = [];
    let bytes = 0;
    while (index < rows.length && (batch.length === 0 || bytes + (bytesOf.get(rows[index]?.id ?? '') ?? 0) <= SOURCE_BATCH_BYTES)) {
      const row = rows[index++] as OntologyRow;
      bytes += bytesOf.get(row.id) ?? 0;
      batch.push(row);
    }
    const sources = await db.commit.findMany({
      where: { ontologyId: { in: batch.map((row) => row.id) }, status: 'applied' },
      select: { ontologyId: true, source: true },
    });
    const sourceOf = new Map(sources.map((commit) => [commit.ontologyId, commit.source]));
    for (const row of batch) {
      const source = sourceOf.get(row.id);
      sourceOf.delete(row.id);
      yield { ...row, commits: [{ source: source ?? '' }] };
    }
  }
}

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
  await tx.$executeRaw`SELECT 1 FROM "ontologies" WHERE "id" = ${id}::uuid FOR UPDATE`;
  return tx.ontology.findUnique({ where: { id }, include: withHeadSource });
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

export type NewCommit = {
  id: string;
  seq: number;
  parentHash: string | null;
  commitHash: string;
  message: string;
  sourceFormat: string;
  version: string;
  authorId: string;
  source: string;
  /** Metrics of the source, stored as JSONB (null when they could not be computed). */
  metrics?: Prisma.InputJsonValue | null;
};

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
const INSERT_FIRST_COMMIT = `INSERT INTO "commits" ("id", "ontology_id", "seq", "parent_hash", "commit_hash", "message", "source_format", "status", "version", "author_id", "source", "metrics", "updated_at")
  VALUES ($1::uuid, $2::uuid, $3, $4, $5, $6, $7, 'applied', $8, $9::uuid, $10, $11::jsonb, CURRENT_TIMESTAMP)`;

const metricsJson = (metrics: NewCommit['metrics']) => (metrics === undefined || metrics === null ? null : JSON.stringify(metrics));

/**
 * Inserts an ontology and its first (applied) commit in one transaction, straight through
 * the driver: a source of megabytes goes to the database once, as one parameter, and the
 * answer is built from what was written instead of being read back.
 */
export async function insertOntology(
  sql: SqlRunner,
  o: NewOntology,
  c: NewCommit,
  /** The transaction's first step (the caller's authorization); a throw rolls it back. */
  before?: (tx: SqlRunner) => Promise<void>,
): Promise<OntologyWithHead> {
  let stamps: { created_at: Date; updated_at: Date } | undefined;
  await sql.transaction(async (tx) => {
    if (before) await before(tx);
    [stamps] = await tx.query<{ created_at: Date; updated_at: Date }>(INSERT_ONTOLOGY, [
      o.id, o.accountId, o.parentId, o.title, o.description, o.visibility, o.sourceFormat, o.version, o.headHash, o.headSeq,
    ]);
    await tx.query(INSERT_FIRST_COMMIT, [
      c.id, o.id, c.seq, c.parentHash, c.commitHash, c.message, c.sourceFormat, c.version, c.authorId, c.source, metricsJson(c.metrics),
    ]);
  });
  const at = stamps ? new Date(stamps.created_at) : new Date();
  return { ...o, createdAt: at, updatedAt: stamps ? new Date(stamps.updated_at) : at, commits: [{ source: c.source }] };
}

// `at` travels as ISO 8601 text with its zone: read the same in any session time zone.
async function insertCommitRow(tx: DbClient, ontologyId: string, c: NewCommit, at: Date): Promise<void> {
  const metrics = metricsJson(c.metrics);
  await tx.$executeRaw`
    INSERT INTO "commits" ("id", "ontology_id", "seq", "parent_hash", "commit_hash", "message", "source_format", "status", "version", "author_id", "source", "metrics", "created_at", "updated_at")
    VALUES (${c.id}::uuid, ${ontologyId}::uuid, ${c.seq}, ${c.parentHash}, ${c.commitHash}, ${c.message}, ${c.sourceFormat}, 'applied', ${c.version}, ${c.authorId}::uuid, ${c.source}, ${metrics}::jsonb,
            ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz)`;
}

/**
 * Appends a commit as the new head: the old head becomes superseded, never otherwise changed.
 * `at`: writeTimeAfterLock, the new commit's created_at and the old head's updated_at.
 */
export async function appendCommit(tx: DbClient, ontologyId: string, commit: NewCommit, at: Date): Promise<void> {
  await tx.$executeRaw`UPDATE "commits" SET "status" = 'superseded', "updated_at" = ${at.toISOString()}::timestamptz WHERE "ontology_id" = ${ontologyId}::uuid AND "status" = 'applied'`;
  await insertCommitRow(tx, ontologyId, commit, at);
}

/**
 * Updates the ontology row, changed at `at` (writeTimeAfterLock); the caller knows the head
 * source and attaches it.
 */
export async function updateOntologyRow(
  tx: DbClient,
  id: string,
  data: Omit<Prisma.OntologyUncheckedUpdateInput, 'updatedAt'>,
  headSource: string,
  at: Date,
): Promise<OntologyWithHead> {
  const row = await tx.ontology.update({ where: { id }, data: { ...data, updatedAt: at } });
  return { ...row, commits: [{ source: headSource }] };
}

export function deleteOntologyRow(tx: DbClient, id: string) {
  return tx.ontology.delete({ where: { id } });
}

const commitSummary = {
  id: true,
  ontologyId: true,
  seq: true,
  parentHash: true,
  commitHash: true,
  message: true,
  sourceFormat: true,
  status: true,
  version: true,
  authorId: true,
  createdAt: true,
  updatedAt: true,
} as const;

export async function listCommits(
  db: DbClient,
  ontologyId: string,
  page: { skip: number; take: number },
  filter: { version?: string | undefined } = {},
) {
  const where = { ontologyId, ...(filter.version !== undefined ? { version: filter.version } : {}) };
  const [total, rows] = await Promise.all([
    db.commit.count({ where }),
    db.commit.findMany({ where, select: commitSummary, orderBy: { seq: 'desc' }, ...windowOf(page) }),
  ]);
  return { total, rows };
}

export function findCommit(db: DbClient, ontologyId: string, commitId: string) {
  return db.commit.findFirst({ where: { id: commitId, ontologyId } });
}

/** The newest commit of the ontology that recorded `version` (versions only grow, so at most one in practice). */
export function findCommitByVersion(db: DbClient, ontologyId: string, version: string) {
  return db.commit.findFirst({ where: { ontologyId, version }, orderBy: { seq: 'desc' } });
}

/** The commit at a position of the history (1 is the first commit). */
export function findCommitBySeq(db: DbClient, ontologyId: string, seq: number) {
  return db.commit.findUnique({ where: { ontologyId_seq: { ontologyId, seq } } });
}

/** The metrics stored with the head commit. */
export async function headMetricsOf(db: DbClient, ontologyId: string): Promise<Prisma.JsonValue | null> {
  const head = await db.commit.findFirst({ where: { ontologyId, status: 'applied' }, select: { metrics: true } });
  return head?.metrics ?? null;
}

/** The whole history oldest first, for verifying the hash chain. */
export function commitsOldestFirst(db: DbClient, ontologyId: string) {
  return db.commit.findMany({ where: { ontologyId }, orderBy: { seq: 'asc' } });
}

/** A commit with the account and visibility of its ontology, for visibility checks by commit id. */
export function findCommitWithOntology(db: DbClient, commitId: string) {
  return db.commit.findUnique({
    where: { id: commitId },
    include: { ontology: { select: { accountId: true, visibility: true } } },
  });
}

type OntologyHeadRow = {
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
  source: string;
  metrics: Prisma.JsonValue | null;
};

/** An ontology with its head source and the metrics stored with its head commit. */
export type OntologyWithHeadMetrics = OntologyWithHead & { headMetrics: Prisma.JsonValue | null };

/**
 * One ontology with its head source when `userId` may see it, in one round trip: the hot
 * read path (GET /api/v1/ontologies/:id) checks visibility in SQL instead of loading the
 * caller's memberships first. `parentId` is null when the user cannot see the parent (SPEC 7).
 */
export async function findVisibleOntologyForUser(sql: SqlRunner, id: string, userId: string): Promise<OntologyWithHeadMetrics | null> {
  const rows = await sql.query<OntologyHeadRow>(
    `SELECT o."id"::text AS "id", o."account_id"::text AS "account_id",
            CASE WHEN ${visibleToUserSql('p', '$2')} THEN p."id"::text END AS "parent_id", o."title", o."description",
            o."visibility", o."source_format", o."version", o."head_hash", o."head_seq", o."created_at", o."updated_at", c."source", c."metrics"
     FROM "ontologies" o
     JOIN "commits" c ON c."ontology_id" = o."id" AND c."status" = 'applied'
     LEFT JOIN "ontologies" p ON p."id" = o."parent_id"
     WHERE o."id" = $1::uuid AND ${visibleToUserSql('o', '$2')}`,
    [id, userId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
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
    commits: [{ source: row.source }],
    headMetrics: row.metrics ?? null,
  };
}

/** The source of an ontology at the commit with that hash (what a renderer draws), or null. */
export async function findCommitSource(db: DbClient, ontologyId: string, commitHash: string): Promise<string | null> {
  const commit = await db.commit.findFirst({ where: { ontologyId, commitHash }, select: { source: true } });
  return commit?.source ?? null;
}
