// Reads behind the agent tools: profile, accounts with roles, ontology lists and search,
// one ontology, commits. Every read is scoped to what the acting user may see, by the same use
// cases the REST routes call; what is only the tools' own is the shape and bounds of the answer.
import { AppError } from '@oms/domain';
import { findUserById, headSourceBytes, listOntologyPage, withHeadSources } from '@oms/db';
import type { ServiceContext } from '../context.js';
import { presentCommit, presentCommitSummary } from '../presenters/ontology.js';
import type { Caller } from '../ontologies/caller.js';
import { listAccounts } from '../accounts/read-accounts.js';
import { listOntologyCommits, readCommit } from '../ontologies/ontology-commits.js';
import { readOntology } from '../ontologies/read-ontology.js';
import { withVisibleParents } from '../ontologies/visible-parents.js';
import { listPage, presentToolOntology } from './present-for-tools.js';

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

/**
 * A tool result is one JSON value held in memory (twice: structured and as text), unlike REST's
 * streamed lists. A page whose sources add up to more than this is refused with the limit that
 * fits, so listing a hundred 10 MB ontologies cannot exhaust the server; one ontology always fits.
 */
const TOOL_PAGE_SOURCE_BYTES = 16 * 1024 * 1024;

function refuseOversizedPage(sourceBytes: number[]): void {
  let total = 0;
  let fitting = 0;
  for (const bytes of sourceBytes) {
    if (fitting > 0 && total + bytes > TOOL_PAGE_SOURCE_BYTES) break;
    total += bytes;
    fitting += 1;
  }
  if (fitting === sourceBytes.length) return;
  const megabytes = (sourceBytes.reduce((sum, bytes) => sum + bytes, 0) / (1024 * 1024)).toFixed(1);
  throw AppError.validation({
    limit: [
      `this page of ${sourceBytes.length} ontologies holds ${megabytes} MB of sources, more than one tool result carries ` +
        `(${TOOL_PAGE_SOURCE_BYTES / (1024 * 1024)} MB); call again with limit ${fitting} (same offset), and page on from there`,
    ],
  });
}

export async function listOntologiesForTools(
  ctx: ServiceContext,
  caller: Caller,
  input: { limit: number; offset: number; query?: string | undefined },
) {
  const text = input.query ? { contains: input.query, orDescription: true } : undefined;
  const { total, rows: found } = await listOntologyPage(ctx.db.prisma, { scope: { visibleTo: caller }, text }, { skip: input.offset, take: input.limit });
  const rows = await withVisibleParents(ctx.db.prisma, caller, found);
  const sizes = await headSourceBytes(ctx.db.prisma, rows.map((row) => row.id));
  refuseOversizedPage(rows.map((row) => sizes.get(row.id) ?? 0));
  const ontologies = [];
  for await (const row of withHeadSources(ctx.db.prisma, rows, sizes)) ontologies.push(presentToolOntology(row, ctx.config.baseUrl));
  return { ontologies, ...listPage(ontologies, total, input.limit, input.offset) };
}

export async function readOntologyForTools(ctx: ServiceContext, caller: Caller, id: string) {
  return presentToolOntology(await readOntology(ctx, caller, { id }), ctx.config.baseUrl);
}

export async function listCommitsForTools(ctx: ServiceContext, caller: Caller, input: { ontology_id: string; limit: number; offset: number }) {
  const { total, rows } = await listOntologyCommits(ctx, caller, { ontologyId: input.ontology_id, skip: input.offset, take: input.limit });
  const commits = rows.map(presentCommitSummary);
  return { commits, ...listPage(commits, total, input.limit, input.offset) };
}

export async function readCommitForTools(ctx: ServiceContext, caller: Caller, id: string) {
  return presentCommit(await readCommit(ctx, caller, { commitId: id }));
}
