// The base of every procedure: the service context in ctx.service, and the failures of use
// cases raised as the tRPC errors of their AppError codes. tRPC's own refusals (input that
// does not parse, no acting user) keep theirs.
import type { ServiceContext } from '../context.js';
import { asTrpcError } from './internal-errors.js';
import { t } from './trpc.js';

export function systemProcedure(service: ServiceContext) {
  return t.procedure.use(async ({ next }) => {
    const result = await next({ ctx: { service } });
    // What a resolver throws reaches here as INTERNAL_SERVER_ERROR with the thrown error as cause.
    if (!result.ok && result.error.code === 'INTERNAL_SERVER_ERROR') throw asTrpcError(result.error);
    return result;
  });
}

/** Procedures that act for no user: the bearer checks of /mcp and the authorization server's. */
export type SystemProcedure = ReturnType<typeof systemProcedure>;
