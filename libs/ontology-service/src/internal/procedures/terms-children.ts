// terms.children of the internal API (INTERNAL_API in @oms/contracts).
import { INTERNAL_API } from '@oms/contracts';
import { listTermChildrenForTools } from '../../agent/term-tools.js';
import type { ActorProcedure } from '../actor-procedure.js';

const contract = INTERNAL_API['terms.children'];

export const termsChildren = (procedure: ActorProcedure) =>
  procedure
    .input(contract.input)
    .output(contract.output)
    .query(({ ctx, input }) => listTermChildrenForTools(ctx.service, ctx.caller, input));
