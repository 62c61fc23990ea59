// Commits named in query parameters: by id or by the version they recorded. A commit of another
// ontology, or a version the ontology never had, is 404 like any missing resource.
import { AppError } from '@oms/domain';
import { findCommit, findCommitBySeq, findCommitByVersion, type DbClient } from '@oms/db';

export type CommitRef = { commitId: string } | { version: string };
export type CommitRow = NonNullable<Awaited<ReturnType<typeof findCommit>>>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A value of `from`/`to` (already checked to be a commit id or a version). */
export const refOf = (value: string): CommitRef => (UUID.test(value) ? { commitId: value.toLowerCase() } : { version: value });

/** `?version` / `?commit_id` (at most one of them), or undefined when neither is given. */
export function pinnedRef(query: { version?: string | undefined; commit_id?: string | undefined }): CommitRef | undefined {
  if (query.version !== undefined && query.commit_id !== undefined) {
    throw AppError.validation({ commit_id: ['give either version or commit_id, not both'] });
  }
  if (query.commit_id !== undefined) return { commitId: query.commit_id.toLowerCase() };
  return query.version !== undefined ? { version: query.version } : undefined;
}

export async function commitByRef(db: DbClient, ontologyId: string, ref: CommitRef): Promise<CommitRow> {
  const commit = 'commitId' in ref ? await findCommit(db, ontologyId, ref.commitId) : await findCommitByVersion(db, ontologyId, ref.version);
  if (!commit) throw new AppError('not_found');
  return commit;
}

/** The head commit: the one at the ontology's head sequence. */
export async function headCommit(db: DbClient, ontology: { id: string; headSeq: number }): Promise<CommitRow> {
  const commit = await findCommitBySeq(db, ontology.id, ontology.headSeq);
  if (!commit) throw new AppError('not_found');
  return commit;
}

/** A commit without its source (a download served from the conversion cache never needs it). */
export type CommitMeta = Omit<CommitRow, 'source'>;

export async function commitMetaByRef(db: DbClient, ontologyId: string, ref: CommitRef): Promise<CommitMeta> {
  const where = 'commitId' in ref ? { id: ref.commitId, ontologyId } : { ontologyId, version: ref.version };
  const commit = await db.commit.findFirst({ where, orderBy: { seq: 'desc' }, omit: { source: true } });
  if (!commit) throw new AppError('not_found');
  return commit;
}

export async function headCommitMeta(db: DbClient, ontology: { id: string; headSeq: number }): Promise<CommitMeta> {
  const commit = await db.commit.findUnique({ where: { ontologyId_seq: { ontologyId: ontology.id, seq: ontology.headSeq } }, omit: { source: true } });
  if (!commit) throw new AppError('not_found');
  return commit;
}

/** The source of a commit read before without it. */
export async function commitSource(db: DbClient, commit: CommitMeta): Promise<string> {
  const row = await db.commit.findUnique({ where: { id: commit.id }, select: { source: true } });
  if (!row) throw new AppError('not_found');
  return row.source;
}
