// Reads of commits: the history of one ontology, one commit by id, version or position, with
// or without its source (a source can be megabytes; many reads need only the rest).
import type { Prisma } from '../generated/prisma/client.js';
import { prismaQuery, readStoredSourceText } from '../source-store/index.js';
import type { DbClient } from './db-client.js';
import { windowOf, type PageWindow } from './page-window.js';

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

/** One page of the history, newest first, without sources; `version` keeps only commits that recorded it. */
export async function listCommits(db: DbClient, ontologyId: string, page: PageWindow, filter: { version?: string | undefined } = {}) {
  const where = { ontologyId, ...(filter.version !== undefined ? { version: filter.version } : {}) };
  const [total, rows] = await Promise.all([
    db.commit.count({ where }),
    db.commit.findMany({ where, select: commitSummary, orderBy: { seq: 'desc' }, ...windowOf(page) }),
  ]);
  return { total, rows };
}

/** A commit of the ontology named by its id, its version or its position, without its source. */
export type CommitLookup = { commitId: string } | { version: string } | { seq: number };

export function findCommitMeta(db: DbClient, ontologyId: string, lookup: CommitLookup) {
  if ('seq' in lookup) return db.commit.findUnique({ where: { ontologyId_seq: { ontologyId, seq: lookup.seq } } });
  const where = 'commitId' in lookup ? { id: lookup.commitId, ontologyId } : { ontologyId, version: lookup.version };
  return db.commit.findFirst({ where, orderBy: { seq: 'desc' } });
}

/** The source of a commit, by the commit's id (null when it is gone). */
export async function sourceOfCommit(db: DbClient, commitId: string): Promise<string | null> {
  return readStoredSourceText(prismaQuery(db), commitId);
}

/** The source of an ontology at the commit with that hash (what a renderer draws), or null. */
export async function findCommitSource(db: DbClient, ontologyId: string, commitHash: string): Promise<string | null> {
  const commit = await db.commit.findFirst({ where: { ontologyId, commitHash }, select: { id: true } });
  return commit ? sourceOfCommit(db, commit.id) : null;
}

/** The metrics stored with the head commit. */
export async function headMetricsOf(db: DbClient, ontologyId: string): Promise<Prisma.JsonValue | null> {
  const head = await db.commit.findFirst({ where: { ontologyId, status: 'applied' }, select: { metrics: true } });
  return head?.metrics ?? null;
}

/** The whole history oldest first, for verifying the hash chain. */
export async function commitsOldestFirst(db: DbClient, ontologyId: string) {
  const rows = await db.commit.findMany({ where: { ontologyId }, orderBy: { seq: 'asc' } });
  const history = [];
  for (const row of rows) history.push({ ...row, source: (await sourceOfCommit(db, row.id)) ?? '' });
  return history;
}

/** The commit row and its ontology's visibility, without reading its source (read it by id from the store). */
export function findCommitMetaWithOntology(db: DbClient, commitId: string) {
  return db.commit.findUnique({ where: { id: commitId }, include: { ontology: { select: { accountId: true, visibility: true } } } });
}

