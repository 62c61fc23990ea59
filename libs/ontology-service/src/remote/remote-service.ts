// The internal API over HTTP (tRPC), the remote twin of internal/local-service.ts: the MCP
// gateway runs as its own process and reaches the use cases at the REST app's /internal/trpc.
// Failures come back as the AppErrors the use cases raised. The router is imported for its type
// only, so a process that just calls the service never loads the use cases or Prisma.
import { createTRPCClient, httpLink, TRPCClientError, type TRPCClient } from '@trpc/client';
import { z } from 'zod';
import { AppError, ERROR_TABLE, type ErrorCode } from '@oms/domain';
import { ACTOR_HEADER, CREDENTIAL_HEADER, formatCredential, INTERNAL_TOKEN_HEADER, type CallerCredential, type ServiceApi } from '@oms/contracts';
import type { InternalRouter } from '../internal/trpc-router.js';
import type { ByName } from '../internal/by-name.js';

/** What the internal router's error formatter adds to a failure (internal/trpc.ts). */
const FailureData = z.object({
  appCode: z.string().optional(),
  fieldErrors: z.record(z.string(), z.array(z.string())).nullish(),
});

const isErrorCode = (code: string | undefined): code is ErrorCode => code !== undefined && Object.hasOwn(ERROR_TABLE, code);

function toAppError(error: unknown): AppError {
  if (!(error instanceof TRPCClientError)) return new AppError('unavailable', { cause: error });
  const data = FailureData.safeParse(error.data).data;
  const code = isErrorCode(data?.appCode) ? data.appCode : 'unavailable';
  return new AppError(code, { message: error.message, ...(data?.fieldErrors ? { fieldErrors: data.fieldErrors } : {}), cause: error });
}

/** Every procedure by name; the compiler checks each against its contract and its kind (query or mutation). */
function byName(client: TRPCClient<InternalRouter>): ByName {
  return {
    'auth.resolveApiToken': (input) => client.auth.resolveApiToken.mutate(input),
    'auth.grantActive': (input) => client.auth.grantActive.query(input),
    'auth.checkCredentials': (input) => client.auth.checkCredentials.mutate(input),
    'users.find': (input) => client.users.find.query(input),
    'profile.read': (input) => client.profile.read.query(input),
    'accounts.list': (input) => client.accounts.list.query(input),
    'ontologies.list': (input) => client.ontologies.list.query(input),
    'ontologies.search': (input) => client.ontologies.search.query(input),
    'ontologies.read': (input) => client.ontologies.read.query(input),
    'ontologies.create': (input) => client.ontologies.create.mutate(input),
    'ontologies.update': (input) => client.ontologies.update.mutate(input),
    'ontologies.delete': (input) => client.ontologies.delete.mutate(input),
    'commits.list': (input) => client.commits.list.query(input),
    'commits.read': (input) => client.commits.read.query(input),
    'terms.search': (input) => client.terms.search.query(input),
    'terms.read': (input) => client.terms.read.query(input),
    'terms.children': (input) => client.terms.children.query(input),
    'terms.history': (input) => client.terms.history.query(input),
    'settings.tokens': (input) => client.settings.tokens.query(input),
    'settings.createToken': (input) => client.settings.createToken.mutate(input),
    'settings.revokeToken': (input) => client.settings.revokeToken.mutate(input),
    'settings.twoFactor': (input) => client.settings.twoFactor.query(input),
    'settings.beginTwoFactor': (input) => client.settings.beginTwoFactor.mutate(input),
    'settings.confirmTwoFactor': (input) => client.settings.confirmTwoFactor.mutate(input),
    'settings.disableTwoFactor': (input) => client.settings.disableTwoFactor.mutate(input),
  };
}

/** `credential`: what the actor came with, sent along so the REST app's writes re-read it. */
export function remoteServiceFactory(options: {
  restInternalUrl: string;
  internalToken: string;
}): (actorId: string | null, memberOf?: readonly string[], credential?: CallerCredential) => ServiceApi {
  const url = `${options.restInternalUrl}/internal/trpc`;
  return (actorId, _memberOf, credential) => {
    const headers = {
      [INTERNAL_TOKEN_HEADER]: options.internalToken,
      ...(actorId ? { [ACTOR_HEADER]: actorId } : {}),
      ...(credential ? { [CREDENTIAL_HEADER]: formatCredential(credential) } : {}),
    };
    const procedures = byName(createTRPCClient<InternalRouter>({ links: [httpLink({ url, headers })] }));
    return {
      async call(name, input) {
        try {
          return await procedures[name](input);
        } catch (error) {
          throw toAppError(error);
        }
      },
    };
  };
}
