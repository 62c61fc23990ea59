// GET /api/v1/ontologies/:id/diff: two commits of one ontology, compared by @oms/ontology-tools
// in the heavy-work pool. Every diff holds one of the caller's heavy slots from before its
// sources are loaded (429 when they hold all), so a refused diff costs next to nothing.
import { AppError } from '@oms/domain';
import type { DiffQuery } from '@oms/contracts';
import { findCommitBySeq } from '@oms/db';
import type { SourceFormat } from '@oms/formats';
import { downloadFileName, type SourceDiff } from '@oms/ontology-tools';
import type { ServiceContext } from '../context.js';
import { callerOf, visibleOntologyRowOr404, type CallerOrActor } from './caller.js';
import { commitByRef, headCommit, refOf, type CommitRow } from './find-commit.js';

/** Canonicalizing blank nodes has a work bound; past this time the diff falls back to text. */
const CANONICALIZE_MS = 20_000;

export type OntologyDiff = SourceDiff & {
  ontology_id: string;
  from: DiffEndpoint | null;
  to: DiffEndpoint;
};
type DiffEndpoint = { commit_id: string; version: string; commit_hash: string; source_format: SourceFormat };

const endpoint = (commit: CommitRow): DiffEndpoint => ({
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
  return ctx.heavySlots.run(caller.userId, () => diffCommits(ctx, ontology, input, input.textOnly ?? false));
}

async function diffCommits(ctx: ServiceContext, ontology: { id: string; title: string; headSeq: number }, query: DiffQuery, textOnly: boolean): Promise<OntologyDiff> {
  const db = ctx.db.prisma;
  const to = query.to === undefined ? await headCommit(db, ontology) : await commitByRef(db, ontology.id, refOf(query.to));
  const from =
    query.from !== undefined
      ? await commitByRef(db, ontology.id, refOf(query.from))
      : to.seq > 1
        ? await findCommitBySeq(db, ontology.id, to.seq - 1)
        : null;
  if (from && from.seq > to.seq) {
    throw AppError.validation({ from: [`is newer than to (${from.version} was committed after ${to.version}); swap them`] });
  }
  const side = async (commit: CommitRow) => {
    const format = commit.sourceFormat as SourceFormat;
    const { extension } = await ctx.descriptions.of(commit, () => commit.source);
    return { format, text: commit.source, name: downloadFileName(ontology.title, commit.version, extension), header: commit.commitHash };
  };
  const diff = await ctx.heavyWork.diff(from ? await side(from) : null, await side(to), { limit: query.limit, textOnly, canonicalizeMs: CANONICALIZE_MS });
  return { ...diff, ontology_id: ontology.id, from: from ? endpoint(from) : null, to: endpoint(to) };
}
