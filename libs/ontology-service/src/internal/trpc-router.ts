// The internal tRPC router (DESIGN 1): the agent-tool server reaches the REST app's use
// cases through it, with the acting user named explicitly and checked here.
import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { AppError, ERROR_TABLE, isAppError } from '@oms/domain';
import { INTERNAL_API, toFieldErrors, type CallerCredential, type ProcedureName } from '@oms/contracts';
import { accountIdsOfExistingUser, findApiTokenActor, findUserById, isAccessTokenRevoked } from '@oms/db';
import type { ServiceContext } from '../context.js';
import { dependencyFailure } from '../errors/dependency-failure.js';
import { hashApiToken, recordUse } from '../security/api-token.js';
import type { Caller } from '../ontologies/caller.js';
import {
  listAccountsWithRoles,
  listCommitsForTools,
  listOntologiesForTools,
  readCommitForTools,
  readOntologyForTools,
  readProfile,
} from '../agent/read-tools.js';
import { createOntologyForTools, deleteOntologyForTools, updateOntologyForTools } from '../agent/write-tools.js';
import { checkCredentials } from '../accounts/sign-in.js';
import { createApiToken, revokeApiToken } from '../accounts/api-tokens.js';
import { beginTwoFactor, confirmTwoFactor, disableTwoFactor, type TwoFactorCredentials } from '../accounts/two-factor.js';
import { accountSettingsPort } from './account-settings-port.js';

export type InternalContext = {
  actorId: string | null;
  /**
   * The actor's accounts, when in-process code has just read them from the database in the
   * same request (the embedded /mcp resolving an API token). Never set from a network request:
   * over HTTP the actor is always looked up here.
   */
  memberOf?: readonly string[];
  /**
   * The credential the actor came with (an API token or an OAuth grant), re-read by every
   * write. Absent: the internal caller checked its own (the settings area's browser session).
   */
  credential?: CallerCredential | undefined;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The AppError a failure stands for: zod input errors are 422, anything unknown is internal. */
export function asAppError(error: unknown): AppError {
  const cause = error instanceof TRPCError ? (error.cause ?? error) : error;
  if (isAppError(cause)) return cause;
  if (cause instanceof ZodError) return AppError.validation(toFieldErrors(cause));
  return dependencyFailure(cause) ?? new AppError('internal', { cause });
}

const t = initTRPC.context<InternalContext>().create({
  errorFormatter({ shape, error }) {
    const appError = asAppError(error);
    return {
      ...shape,
      message: appError.message,
      data: { code: shape.data.code, httpStatus: appError.httpStatus, appCode: appError.code, fieldErrors: appError.fieldErrors ?? null },
    };
  },
});

type Handler = (ctx: ServiceContext, caller: Caller, input: never) => Promise<unknown>;

type SystemProcedure = 'auth.resolveApiToken' | 'auth.grantActive' | 'auth.checkCredentials' | 'users.find';

const HANDLERS: Record<Exclude<ProcedureName, SystemProcedure>, Handler> = {
  'profile.read': (ctx, caller) => readProfile(ctx, caller),
  'accounts.list': (ctx, caller) => listAccountsWithRoles(ctx, caller),
  'ontologies.list': (ctx, caller, input: { limit: number; offset: number }) => listOntologiesForTools(ctx, caller, input),
  'ontologies.search': (ctx, caller, input: { query: string; limit: number; offset: number }) => listOntologiesForTools(ctx, caller, input),
  'ontologies.read': (ctx, caller, input: { id: string }) => readOntologyForTools(ctx, caller, input.id),
  'ontologies.create': createOntologyForTools as Handler,
  'ontologies.update': updateOntologyForTools as Handler,
  'ontologies.delete': deleteOntologyForTools as Handler,
  'commits.list': listCommitsForTools as Handler,
  'commits.read': (ctx, caller, input: { id: string }) => readCommitForTools(ctx, caller, input.id),
  'settings.tokens': async (ctx, caller) => ({ tokens: await accountSettingsPort(ctx).listTokens(caller.userId) }),
  'settings.createToken': async (ctx, caller, input: { name: string }) => {
    const issued = await createApiToken(ctx, caller, input.name);
    return { name: issued.name, token: issued.token };
  },
  'settings.revokeToken': async (ctx, caller, input: { id: string }) => ({ revoked: await revokeApiToken(ctx, caller, input.id) }),
  'settings.twoFactor': async (ctx, caller) => ({ enabled: await accountSettingsPort(ctx).twoFactorEnabled(caller.userId) }),
  'settings.beginTwoFactor': (ctx, caller) => beginTwoFactor(ctx, caller),
  'settings.confirmTwoFactor': async (ctx, caller, input: TwoFactorCredentials) => {
    await confirmTwoFactor(ctx, caller, input);
    return { enabled: true };
  },
  'settings.disableTwoFactor': async (ctx, caller, input: TwoFactorCredentials) => {
    await disableTwoFactor(ctx, caller, input);
    return { enabled: false };
  },
};

function wrap(run: () => Promise<unknown>) {
  return run().catch((error: unknown) => {
    const appError = asAppError(error);
    throw new TRPCError({ code: ERROR_TABLE[appError.code].trpc, message: appError.message, cause: appError });
  });
}

export function createInternalRouter(ctx: ServiceContext) {
  const actorProcedure = t.procedure.use(async ({ ctx: trpcCtx, next }) => {
    const actorId = trpcCtx.actorId?.toLowerCase() ?? '';
    const memberOf = !UUID.test(actorId) ? null : trpcCtx.memberOf ? [...trpcCtx.memberOf] : await accountIdsOfExistingUser(ctx.db.prisma, actorId);
    if (!memberOf) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'No acting user', cause: new AppError('unauthorized') });
    return next({ ctx: { caller: { userId: actorId, memberOf, credential: trpcCtx.credential ?? null } satisfies Caller } });
  });

  const groups: Record<string, Record<string, unknown>> = {};
  for (const [name, handler] of Object.entries(HANDLERS) as [ProcedureName, Handler][]) {
    const contract = INTERNAL_API[name];
    const [group = '', procedureName = ''] = name.split('.');
    const base = actorProcedure.input(contract.input).output(contract.output);
    // The contract table erases per-procedure types; input and output are still validated.
    const resolver = (({ ctx: procedureCtx, input }: { ctx: { caller: Caller }; input: unknown }) =>
      wrap(() => handler(ctx, procedureCtx.caller, input as never))) as never;
    (groups[group] ??= {})[procedureName] = contract.kind === 'query' ? base.query(resolver) : base.mutation(resolver);
  }

  const resolveContract = INTERNAL_API['auth.resolveApiToken'];
  const resolveApiToken = t.procedure
    .input(resolveContract.input)
    .output(resolveContract.output)
    .mutation(async ({ input }) => {
      const found = await findApiTokenActor(ctx.db.sql, hashApiToken(input.token));
      // An agent's use counts like a REST call's (settings show when a token was last used).
      if (found) await recordUse(ctx.db, found.tokenId, found.lastUsedAt, ctx.now());
      return found ? { token_id: found.tokenId, user_id: found.userId, account_ids: found.accountIds } : null;
    });

  const grantContract = INTERNAL_API['auth.grantActive'];
  const grantActive = t.procedure
    .input(grantContract.input)
    .output(grantContract.output)
    .query(async ({ input }) => {
      const [grant, revoked] = await Promise.all([
        ctx.db.prisma.oidcPayload.findFirst({
          where: { id: input.grant_id, type: 'Grant', OR: [{ expiresAt: null }, { expiresAt: { gt: new Date() } }] },
        }),
        isAccessTokenRevoked(ctx.db.prisma, input.jti),
      ]);
      const accountId = (grant?.payload as { accountId?: unknown } | undefined)?.accountId;
      return { active: Boolean(grant) && accountId === input.user_id && !revoked };
    });

  const credentialsContract = INTERNAL_API['auth.checkCredentials'];
  const checkCredentialsProcedure = t.procedure
    .input(credentialsContract.input)
    .output(credentialsContract.output)
    .mutation(async ({ input }) => {
      const result = await checkCredentials(ctx, input.email, input.password, input.otp_attempt);
      return 'userId' in result ? { user_id: result.userId } : { refused: result.refused };
    });
  const findUserContract = INTERNAL_API['users.find'];
  const findUser = t.procedure
    .input(findUserContract.input)
    .output(findUserContract.output)
    .query(async ({ input }) => {
      const user = /^[0-9a-f-]{36}$/i.test(input.user_id) ? await findUserById(ctx.db.prisma, input.user_id.toLowerCase()) : null;
      return user ? { id: user.id, email: user.email, name: user.name } : null;
    });

  return t.router({
    auth: t.router({ resolveApiToken, grantActive, checkCredentials: checkCredentialsProcedure }),
    users: t.router({ find: findUser }),
    ...Object.fromEntries(Object.entries(groups).map(([group, procedures]) => [group, t.router(procedures as never)])),
  });
}

export type InternalRouter = ReturnType<typeof createInternalRouter>;
