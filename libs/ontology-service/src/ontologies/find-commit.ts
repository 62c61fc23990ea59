// Commits named in query parameters: by id or by the version they recorded. A commit of another
// ontology, or a version the ontology never had, is 404 like any missing resource.
import { AppError } from '@oms/domain';
import { parseId } from '@oms/contracts';
import { findCommitMeta, sourceOfCommit, type DbClient } from '@oms/db';

export type CommitRef = { commitId: string } | { version: string };

/** A value of `from`/`to` (already checked to be a commit id or a version). */
export function refOf(value: string): CommitRef {
  const commitId = parseId(value);
  return commitId ? { commitId } : { version: value };
}

/** `?version` / `?commit_id` (at most one of them; commit_id parsed as an id), or undefined when neither is given. */
export function pinnedRef(query: { version?: string | undefined; commit_id?: string | undefined }): CommitRef | undefined {
  if (query.version !== undefined && query.commit_id !== undefined) {
    throw AppError.validation({ commit_id: ['give either version or commit_id, not both'] });
  }
  if (query.commit_id !== undefined) return { commitId: query.commit_id };
  return query.version !== undefined ? { version: query.version } : undefined;
}

/** A commit without its source (a download served from the conversion cache never needs it). */
export type CommitMeta = NonNullable<Awaited<ReturnType<typeof findCommitMeta>>>;

/** The commit `ref` names, or the head when it names none, without its source. */
export async function commitMetaOf(db: DbClient, ontology: { id: string; headSeq: number }, ref: CommitRef | undefined): Promise<CommitMeta> {
  const commit = await findCommitMeta(db, ontology.id, ref ?? { seq: ontology.headSeq });
  if (!commit) throw new AppError('not_found');
  return commit;
}

/** The source of a commit read before without it. */
export async function commitSource(db: DbClient, commit: CommitMeta): Promise<string> {
  const source = await sourceOfCommit(db, commit.id);
  if (source === null) throw new AppError('not_found');
  return source;
}
