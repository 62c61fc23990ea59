// The internal API over HTTP (tRPC) for apps that run as their own processes (the MCP
// gateway, the authorization server). Failures come back as the AppError codes the REST app raised.
import { createTRPCUntypedClient, httpLink, TRPCClientError } from '@trpc/client';
import { AppError, ERROR_TABLE, type ErrorCode } from '@oms/domain';
import {
  ACTOR_HEADER,
  CREDENTIAL_HEADER,
  formatCredential,
  INTERNAL_API,
  INTERNAL_TOKEN_HEADER,
  type CallerCredential,
  type ProcedureName,
  type ServiceApi,
} from '@oms/contracts';

type ErrorData = { appCode?: string; fieldErrors?: Record<string, string[]> | null } | undefined;

function toAppError(error: unknown): AppError {
  if (error instanceof TRPCClientError) {
    const data = error.data as ErrorData;
    const code = (data?.appCode && data.appCode in ERROR_TABLE ? data.appCode : 'unavailable') as ErrorCode;
    return new AppError(code, { message: error.message, ...(data?.fieldErrors ? { fieldErrors: data.fieldErrors } : {}), cause: error });
  }
  return new AppError('unavailable', { cause: error });
}

/** `credential`: what the actor came with, sent along so the REST app's writes re-read it. */
export function remoteServiceFactory(options: {
  restInternalUrl: string;
  internalToken: string;
}): (actorId: string | null, memberOf?: readonly string[], credential?: CallerCredential) => ServiceApi {
  const url = `${options.restInternalUrl}/internal/trpc`;
  return (actorId, _memberOf, credential) => {
    const client = createTRPCUntypedClient({
      links: [
        httpLink({
          url,
          headers: () => ({
            [INTERNAL_TOKEN_HEADER]: options.internalToken,
            ...(actorId ? { [ACTOR_HEADER]: actorId } : {}),
            ...(credential ? { [CREDENTIAL_HEADER]: formatCredential(credential) } : {}),
          }),
        }),
      ],
    });
    return {
      call: async (name: ProcedureName, input: unknown) => {
        try {
          return (INTERNAL_API[name].kind === 'query' ? await client.query(name, input) : await client.mutation(name, input)) as never;
        } catch (error) {
          throw toAppError(error);
        }
      },
    } as ServiceApi;
  };
}
