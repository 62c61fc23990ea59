// Ontologies and their commits. The ontology row carries the head's hash, version and
// sequence; the source lives only in commits (the head commit is the one `applied`).
import type { Prisma } from '../generated/prisma/client.js';
import type { DbClient } from './db-client.js';

export const withHeadSource = {
  commits: { where: { status: 'applied' }, select: { source: true }, take: 1 },
} as const;

export type OntologyWithHead = Prisma.OntologyGetPayload<{ include: typeof withHeadSource }>;

export type OntologyScope = { memberOf: string[] };

/** Who sees what (SPEC 2.1): public to everyone signed in, private to members. */
export function visibleTo(scope: OntologyScope): Prisma.OntologyWhereInput {
  return { OR: [{ visibility: 'public' }, { accountId: { in: scope.memberOf } }] };
}

export function findVisibleOntology(db: DbClient, id: string, scope: OntologyScope) {
  return db.ontology.findFirst({ where: { id, ...visibleTo(scope) }, include: withHeadSource });
}

export function findOntologyRow(db: DbClient, id: string) {
  return db.ontology.findUnique({ where: { id } });
}

export async function parentIdOf(db: DbClient, id: string): Promise<string | null> {
  const row = await db.ontology.findUnique({ where: { id }, select: { parentId: true } });
  return row?.parentId ?? null;
}

export async function listOntologies(
  db: DbClient,
  where: Prisma.OntologyWhereInput,
  page: { skip: number; take: number },
): Promise<{ total: number; rows: OntologyWithHead[] }> {
  const [total, rows] = await Promise.all([
    db.ontology.count({ where }),
    db.ontology.findMany({ where, include: withHeadSource, orderBy: { id: 'desc' }, skip: page.skip, take: page.take }),
  ]);
  return { total, rows };
}

/** Locks the ontology row until the transaction ends: writers of one ontology serialize. */
export async function lockOntology(tx: Prisma.TransactionClient, id: string) {
  await tx.$executeRaw`SELECT 1 FROM "ontologies" WHERE "id" = ${id}::uuid FOR UPDATE`;
  return tx.ontology.findUnique({ where: { id }, include: withHeadSource });
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
};

export function insertOntology(
  tx: DbClient,
  ontology: Omit<Prisma.OntologyUncheckedCreateInput, 'createdAt' | 'updatedAt'>,
  firstCommit: NewCommit,
) {
  return tx.ontology.create({
    data: { ...ontology, commits: { create: { ...firstCommit, status: 'applied' } } },
    include: withHeadSource,
  });
}

/** Appends a commit as the new head: the old head becomes superseded, never otherwise changed. */
export async function appendCommit(tx: DbClient, ontologyId: string, commit: NewCommit) {
  await tx.commit.updateMany({ where: { ontologyId, status: 'applied' }, data: { status: 'superseded' } });
  await tx.commit.create({ data: { ...commit, ontologyId, status: 'applied' } });
}

export function updateOntologyRow(tx: DbClient, id: string, data: Prisma.OntologyUncheckedUpdateInput) {
  return tx.ontology.update({ where: { id }, data, include: withHeadSource });
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

export async function listCommits(db: DbClient, ontologyId: string, page: { skip: number; take: number }) {
  const [total, rows] = await Promise.all([
    db.commit.count({ where: { ontologyId } }),
    db.commit.findMany({ where: { ontologyId }, select: commitSummary, orderBy: { seq: 'desc' }, skip: page.skip, take: page.take }),
  ]);
  return { total, rows };
}

export function findCommit(db: DbClient, ontologyId: string, commitId: string) {
  return db.commit.findFirst({ where: { id: commitId, ontologyId } });
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
