// Procedures that act for a user: the acting user the call names must exist, or it is 401.
// Their resolvers get that user, their accounts and credential as ctx.caller.
import { TRPCError } from '@trpc/server';
import { AppError } from '@oms/domain';
import type { ServiceContext } from '../context.js';
import { actingCaller } from '../authorization/acting-caller.js';
import { systemProcedure } from './system-procedure.js';

export function actorProcedure(service: ServiceContext) {
  return systemProcedure(service).use(async ({ ctx, next }) => {
    const caller = await actingCaller(ctx.service, ctx);
    if (!caller) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'No acting user', cause: new AppError('unauthorized') });
    return next({ ctx: { caller } });
  });
}

export type ActorProcedure = ReturnType<typeof actorProcedure>;
