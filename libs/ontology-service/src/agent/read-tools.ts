// Reads behind the agent tools: profile, accounts with roles, ontology lists and search,
// one ontology, commits. Every read is scoped to what the acting user may see, by the same use
// cases the REST routes call; what is only the tools' own is the shape and bounds of the answer.
import { AppError } from '@oms/domain';
import { findUserById, headSummaries, listOntologyPage } from '@oms/db';
import type { ServiceContext } from '../context.js';
import { presentCommitDetail, presentCommitSummary } from '../presenters/ontology.js';
import type { Caller } from '../ontologies/caller.js';
import { listAccounts } from '../accounts/read-accounts.js';
import { listOntologyCommits, readCommitMeta } from '../ontologies/ontology-commits.js';
import { readOntologySummary, storedSourceChars, storedSourceText } from '../ontologies/read-ontology.js';
import { withVisibleParents } from '../ontologies/visible-parents.js';
import { listPage, presentToolOntology, presentToolOntologySummary, withStreamedSourcePage, type SourceWindow } from './present-for-tools.js';

export async function readProfile(ctx: ServiceContext, caller: Caller) {
  const user = await findUserById(ctx.db.prisma, caller.userId);
  if (!user) throw new AppError('unauthorized');
  return { name: user.name, email: user.email, time_zone: user.timeZone, created_at: user.createdAt.toISOString() };
}

export async function listAccountsWithRoles(ctx: ServiceContext, caller: Caller) {
  const accounts = await listAccounts(ctx, caller);
  return {
    accounts: accounts.map((account) => ({
      id: account.id,
      name: account.name,
      personal: account.personal,
      roles: account.accountUsers.filter((member) => member.userId === caller.userId).map((member) => member.role),
    })),
  };
}

export async function listOntologiesForTools(
  ctx: ServiceContext,
  caller: Caller,
  input: { limit: number; offset: number; query?: string | undefined },
) {
  const text = input.query ? { contains: input.query, orDescription: true } : undefined;
  const { total, rows: found } = await listOntologyPage(ctx.db.prisma, { scope: { visibleTo: caller }, text }, { skip: input.offset, take: input.limit });
  const rows = await withVisibleParents(ctx.db.prisma, caller, found);
  const heads = await headSummaries(ctx.db.prisma, rows.map((row) => row.id));
  const ontologies = rows.map((row) => presentToolOntologySummary(row, heads.get(row.id), ctx.config.baseUrl));
  return { ontologies, ...listPage(ontologies, total, input.limit, input.offset) };
}

/** The ontology with one page of its head source, read from the store as a stream (never whole: DESIGN 8). */
export async function readOntologyForTools(ctx: ServiceContext, caller: Caller, input: { id: string } & SourceWindow) {
  const { sourceBytes: _bytes, headCommitId, memberAccountName: _member, headMetrics: _metrics, termsStatus: _terms, ...row } = await readOntologySummary(ctx, caller, { id: input.id });
  const answer = presentToolOntology({ ...row, commits: [{ source: '' }] }, ctx.config.baseUrl);
  const read = { key: caller.userId };
  return withStreamedSourcePage(answer, storedSourceText(ctx, headCommitId, read), await storedSourceChars(ctx, headCommitId, read), input);
}

export async function listCommitsForTools(ctx: ServiceContext, caller: Caller, input: { ontology_id: string; limit: number; offset: number }) {
  const { total, rows } = await listOntologyCommits(ctx, caller, { ontologyId: input.ontology_id, skip: input.offset, take: input.limit });
  const commits = rows.map(presentCommitSummary);
  return { commits, ...listPage(commits, total, input.limit, input.offset) };
}

/** The commit with one page of its source, read from the store as a stream. */
export async function readCommitForTools(ctx: ServiceContext, caller: Caller, input: { id: string } & SourceWindow) {
  const commit = await readCommitMeta(ctx, caller, { commitId: input.id });
  const answer = presentCommitDetail({ ...commit, source: '' });
  const read = { key: caller.userId };
  return withStreamedSourcePage(answer, storedSourceText(ctx, commit.id, read), await storedSourceChars(ctx, commit.id, read), input);
}
