// GET /api/v1/ontologies/:id/diff: two commits of one ontology, compared by @oms/ontology-tools
// in the heavy-work pool. Every diff holds one of the caller's heavy slots from before its
// sources are loaded (429 when they hold all), so a refused diff costs next to nothing.
// Sources over `diffStreamMinBytes` (LARGE_DIFF_BYTES by default) are never loaded whole (DESIGN 8): both versions stream from
// the source store through a line diff of bounded memory (the text diff, with a
// `fallback_reason`), in this process.
import { AppError } from '@oms/domain';
import type { DiffQuery } from '@oms/contracts';
import { findCommitMeta, prismaQuery, readSourceByteChunks, sourceOfCommit, storedSourceInfo } from '@oms/db';
import type { SourceFormat } from '@oms/formats';
import { describeSource, diffTextStreams, downloadFileName, type SourceDiff } from '@oms/ontology-tools';
import type { ServiceContext } from '../context.js';
import { callerOf, visibleOntologyRowOr404, type CallerOrActor } from './caller.js';
import { commitMetaOf, refOf, type CommitMeta } from './find-commit.js';

/** Canonicalizing blank nodes has a work bound; past this time the diff falls back to text. */
const CANONICALIZE_MS = 20_000;
/** Past this size (either side, in bytes), two versions are compared line by line as they stream. */
export const LARGE_DIFF_BYTES = 16 * 1024 * 1024;
/** Bytes per read of a streamed side. */
const STREAM_CHUNK_BYTES = 256 * 1024;
/** What a large side's file name is told from (an OWL file's root element). */
const HEAD_BYTES = 64 * 1024;

export type OntologyDiff = SourceDiff & {
  ontology_id: string;
  from: DiffEndpoint | null;
  to: DiffEndpoint;
};
type DiffEndpoint = { commit_id: string; version: string; commit_hash: string; source_format: SourceFormat };

const endpoint = (commit: CommitMeta): DiffEndpoint => ({
  commit_id: commit.id,
  version: commit.version,
  commit_hash: commit.commitHash,
  source_format: commit.sourceFormat as SourceFormat,
});

export type DiffInput = DiffQuery & {
  ontologyId: string;
  /** Only the text diff (the client asked for text/x-diff or text/plain). */
  textOnly?: boolean | undefined;
};

export async function diffOntology(ctx: ServiceContext, who: CallerOrActor, input: DiffInput): Promise<OntologyDiff> {
  const caller = await callerOf(ctx.db.prisma, who);
  const ontology = await visibleOntologyRowOr404(ctx.db.prisma, caller, input.ontologyId);
  return ctx.heavySlots.run(caller.userId, () => diffCommits(ctx, ontology, input, input.textOnly ?? false, caller.userId));
}

async function diffCommits(ctx: ServiceContext, ontology: { id: string; title: string; headSeq: number }, query: DiffQuery, textOnly: boolean, key: string): Promise<OntologyDiff> {
  const db = ctx.db.prisma;
  const to = await commitMetaOf(db, ontology, query.to === undefined ? undefined : refOf(query.to));
  const from = query.from !== undefined ? await commitMetaOf(db, ontology, refOf(query.from)) : to.seq > 1 ? await findCommitMeta(db, ontology.id, { seq: to.seq - 1 }) : null;
  if (from && from.seq > to.seq) {
    throw AppError.validation({ from: [`is newer than to (${from.version} was committed after ${to.version}); swap them`] });
  }
  const [fromBytes, toBytes] = await Promise.all([from ? bytesOf(ctx, from) : 0, bytesOf(ctx, to)]);
  const diff =
    Math.max(fromBytes, toBytes) > (ctx.config.diffStreamMinBytes ?? LARGE_DIFF_BYTES)
      ? await streamedDiff(ctx, ontology.title, from, to, query.limit, key)
      : await wholeDiff(ctx, ontology.title, from, to, query.limit, textOnly);
  return { ...diff, ontology_id: ontology.id, from: from ? endpoint(from) : null, to: endpoint(to) };
}

async function bytesOf(ctx: ServiceContext, commit: CommitMeta): Promise<number> {
  return (await storedSourceInfo(prismaQuery(ctx.db.prisma), commit.id))?.bytes ?? 0;
}

async function wholeDiff(ctx: ServiceContext, title: string, from: CommitMeta | null, to: CommitMeta, limit: number, textOnly: boolean): Promise<SourceDiff> {
  const side = async (commit: CommitMeta) => {
    const format = commit.sourceFormat as SourceFormat;
    const text = (await sourceOfCommit(ctx.db.prisma, commit.id)) ?? '';
    const { extension } = await ctx.descriptions.of(commit, () => text);
    return { format, text, name: downloadFileName(title, commit.version, extension), header: commit.commitHash };
  };
  return ctx.heavyWork.diff(from ? await side(from) : null, await side(to), { limit, textOnly, canonicalizeMs: CANONICALIZE_MS });
}

async function streamedDiff(ctx: ServiceContext, title: string, from: CommitMeta | null, to: CommitMeta, limit: number, key: string): Promise<SourceDiff> {
  const bytes = (commit: CommitMeta) => readSourceByteChunks(ctx.db.sessions, commit.id, { chunkBytes: STREAM_CHUNK_BYTES, key });
  const side = async (commit: CommitMeta) => {
    let head = '';
    for await (const chunk of readSourceByteChunks(ctx.db.sessions, commit.id, { chunkBytes: HEAD_BYTES, key })) {
      head = Buffer.from(chunk).toString('utf8');
      break;
    }
    const { extension } = describeSource(commit.sourceFormat as SourceFormat, head);
    return { name: downloadFileName(title, commit.version, extension), header: commit.commitHash, bytes: bytes(commit) };
  };
  const diff = await diffTextStreams(from ? await side(from) : null, await side(to), { limit });
  return { ...diff, fallback_reason: 'large sources are compared line by line as they stream (a richer diff would hold them whole)' };
}
