// POST /api/v1/ontologies: the ontology and its first commit in one transaction (SPEC 3).
import { AppError, DEFAULT_VERSION, INITIAL_COMMIT_MESSAGE, computeCommitHash, computeCommitHashOfBytes } from '@oms/domain';
import type { CreateOntologyRequest } from '@oms/contracts';
import { insertOntology, personalAccountIdsOf, runnerQuery, setCommitMetrics, type OntologyWithHeadMetrics, type TermsStatus } from '@oms/db';
import type { ServiceContext } from '../context.js';
import { reauthorize } from '../authorization/reauthorize.js';
import { callerOf, type Caller, type CallerOrActor } from './caller.js';
import { withVisibleParent } from './visible-parents.js';
import { checkParent, raceLostError } from './check-parent.js';
import { bytesOf, checkBesideStore, checkSource, sourceOfUpload, type SourceFile } from './check-source.js';
import { writeOrDeferTerms } from '../terms/index-commit-terms.js';

/** `source`: text, or an uploaded file (multipart, DESIGN 8), read as a stream when it is large. */
export type CreateOntologyInput = Omit<CreateOntologyRequest['ontology'], 'source'> & { source: string | SourceFile; commit_message?: string | undefined };

const NOT_YOUR_ACCOUNT = () => AppError.validation({ account_id: ['is not an account you belong to'] });

async function targetAccount(ctx: ServiceContext, caller: Caller, accountId: string | undefined): Promise<string> {
  if (accountId !== undefined) {
    if (!caller.memberOf.includes(accountId)) throw NOT_YOUR_ACCOUNT();
    return accountId;
  }
  const [personal] = await personalAccountIdsOf(ctx.db.prisma, caller.userId);
  if (!personal) throw AppError.validation({ account_id: ["can't be blank: you have no personal account"] });
  return personal.id;
}

/**
 * Refuses, as createOntology would, a caller who may not create in `account_id` or under
 * `parent_id`: for a multipart create, before its source is checked.
 */
export async function checkMayCreate(ctx: ServiceContext, who: CallerOrActor, input: { account_id?: string | undefined; parent_id?: string | null | undefined }): Promise<void> {
  const caller = await callerOf(ctx.db.prisma, who);
  await targetAccount(ctx, caller, input.account_id);
  if (input.parent_id) await checkParent(ctx.db.prisma, caller, input.parent_id);
}

/** The new ontology as the caller may read it (parent_id null should its parent have been hidden meanwhile). */
export async function createOntology(ctx: ServiceContext, who: CallerOrActor, input: CreateOntologyInput): Promise<OntologyWithHeadMetrics> {
  const caller = await callerOf(ctx.db.prisma, who);
  const accountId = await targetAccount(ctx, caller, input.account_id);
  const parentId = input.parent_id ?? null;
  if (parentId) await checkParent(ctx.db.prisma, caller, parentId);
  const source = typeof input.source === 'string' ? input.source : await sourceOfUpload(ctx.config, input.source_format, input.source);
  // A large upload is read from its file as streams: hashed, then stored while the worker checks
  // and measures it; the transaction waits for the check (DESIGN 8: never held whole).
  const inline = typeof source === 'string' ? await checkSource(ctx, caller.userId, input.source_format, source) : undefined;
  const beside = typeof source === 'string' ? undefined : checkBesideStore(ctx, caller.userId, input.source_format, source);

  const version = input.version ?? DEFAULT_VERSION;
  const message = input.commit_message ?? INITIAL_COMMIT_MESSAGE;
  const content = { parentHash: null, sourceFormat: input.source_format, version, message, authorId: caller.userId };
  const commitHash =
    typeof source === 'string' ? computeCommitHash({ ...content, source }) : await computeCommitHashOfBytes(content, { bytes: source.bytes, chunks: bytesOf(source) });
  let metrics = inline?.metrics ?? null;
  let terms = inline?.terms ?? null;
  const ontologyId = ctx.newId();
  const commitId = ctx.newId();
  let termsStatus: TermsStatus = 'indexing';
  const created = await insertOntology(
    ctx.db.sql,
    {
      id: ontologyId,
      accountId,
      parentId,
      title: input.title,
      description: input.description ?? '',
      visibility: input.visibility ?? 'public',
      sourceFormat: input.source_format,
      version,
      headHash: commitHash,
      headSeq: 1,
    },
    {
      id: commitId,
      seq: 1,
      parentHash: null,
      commitHash,
      message,
      sourceFormat: input.source_format,
      version,
      authorId: caller.userId,
      source: beside ? beside.bytes : (source as string),
      metrics,
    },
    // Still allowed to write into that account, now: the token, the user and the membership
    // are read (and locked) inside the insert's transaction.
    async (tx) => {
      await reauthorize(tx, caller, { accountId, notMember: NOT_YOUR_ACCOUNT() });
    },
    // Its terms in the same transaction: searchable when this answer returns (DESIGN 6.2),
    // unless the source is over the synchronous limit.
    async (tx) => {
      if (beside) {
        ({ metrics, terms } = await beside.checked);
        await setCommitMetrics(runnerQuery(tx), commitId, metrics);
      }
      termsStatus = await writeOrDeferTerms(tx, ontologyId, 1, terms);
    },
  ).catch(async (error: unknown) => {
    // A refusal by the check is the answer, whatever the store made of the stopped bytes.
    if (beside) await beside.checked;
    throw raceLostError(error) ?? error;
  });
  if (termsStatus === 'indexing') ctx.backgroundTerms.schedule(ontologyId, terms ? { seq: 1, terms } : undefined);
  return withVisibleParent(ctx.db.prisma, caller, { ...created, headMetrics: metrics, termsStatus });
}
