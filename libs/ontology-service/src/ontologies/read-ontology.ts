// One ontology the caller may see (GET /api/v1/ontologies/:id, read_ontology): at its head, or
// (REST, issue 10) as it was at one commit. Hidden and missing look the same: 404.
import { AppError } from '@oms/domain';
import {
  countSourceChars,
  findVisibleChildrenForUser,
  findVisibleOntologyForUser,
  findVisibleOntologySummaryForUser,
  prismaQuery,
  readSourceChunks,
  recordedSourceChars,
  sessionsQuery,
  storedSourceInfo,
  type SourceChunkOptions,
  type VisibleChild,
  type OntologyRow,
  type OntologySummary,
  type OntologyWithHeadMetrics,
} from '@oms/db';
import type { ServiceContext } from '../context.js';
import { callerOf, visibleOntologyRowOr404, type CallerOrActor } from './caller.js';
import { commitMetaOf, type CommitMeta, type CommitRef } from './find-commit.js';
import { withVisibleParent } from './visible-parents.js';

/** At its head, with the head's metrics; visibility (its own and its parent's) is decided in one SQL read. */
export async function readOntology(ctx: ServiceContext, who: CallerOrActor, input: { id: string }): Promise<OntologyWithHeadMetrics> {
  const ontology = await findVisibleOntologyForUser(ctx.db.sql, input.id, who.userId);
  if (!ontology) throw new AppError('not_found');
  return ontology;
}

/** At its head without its source: metrics and `sourceBytes` only (omit_source=true, the web page; DESIGN 8). */
export async function readOntologySummary(ctx: ServiceContext, who: CallerOrActor, input: { id: string }): Promise<OntologySummary> {
  const ontology = await findVisibleOntologySummaryForUser(ctx.db.sql, input.id, who.userId);
  if (!ontology) throw new AppError('not_found');
  return ontology;
}

/**
 * The ontology row (parent_id as the caller may read it) and the commit `ref` names, without the
 * commit's source: read it by the commit's id (`storedSourceText`; its size: `storedSourceBytes`).
 */
export async function readOntologyAtMeta(
  ctx: ServiceContext,
  who: CallerOrActor,
  input: { id: string; ref: CommitRef },
): Promise<{ ontology: OntologyRow; commit: CommitMeta }> {
  const caller = await callerOf(ctx.db.prisma, who);
  const ontology = await withVisibleParent(ctx.db.prisma, caller, await visibleOntologyRowOr404(ctx.db.prisma, caller, input.id));
  return { ontology, commit: await commitMetaOf(ctx.db.prisma, ontology, input.ref) };
}

/** The UTF-8 size of a commit's stored source, kept with it (not a byte of the source is read). */
export async function storedSourceBytes(ctx: ServiceContext, commitId: string): Promise<number> {
  return (await storedSourceInfo(prismaQuery(ctx.db.prisma), commitId))?.bytes ?? 0;
}

/**
 * The text of a commit's stored source in chunks, read from the store as they are taken (never
 * whole; DESIGN 8), for a commit the caller was already allowed to read (its summary or meta).
 */
export function storedSourceText(ctx: ServiceContext, commitId: string, options: Omit<SourceChunkOptions, 'chunkBytes'> = {}): AsyncGenerator<string> {
  return readSourceChunks(ctx.db.sessions, commitId, options);
}

/**
 * The length of a commit's stored source in characters (UTF-16 code units), kept with it; a
 * source stored before the count existed is counted once from its bytes, and the count kept.
 * 0 for a commit without a stored source.
 */
export async function storedSourceChars(ctx: ServiceContext, commitId: string, options: Pick<SourceChunkOptions, 'key'> = {}): Promise<number> {
  const q = sessionsQuery(ctx.db.sessions, options);
  const recorded = await recordedSourceChars(q, commitId);
  if (recorded === undefined) return 0;
  return recorded ?? countSourceChars(q, commitId);
}

/** The first `take` children of an ontology the caller may see (and their number), only those they may see. */
export function listVisibleChildren(ctx: ServiceContext, who: CallerOrActor, input: { parentId: string; take: number }): Promise<{ total: number; rows: VisibleChild[] }> {
  return findVisibleChildrenForUser(ctx.db.sql, input.parentId, who.userId, input.take);
}
