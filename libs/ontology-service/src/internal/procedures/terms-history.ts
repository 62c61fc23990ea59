// terms.history of the internal API (INTERNAL_API in @oms/contracts).
import { INTERNAL_API } from '@oms/contracts';
import { termHistoryForTools } from '../../agent/term-tools.js';
import type { ActorProcedure } from '../actor-procedure.js';

const contract = INTERNAL_API['terms.history'];

export const termsHistory = (procedure: ActorProcedure) =>
  procedure
    .input(contract.input)
    .output(contract.output)
    .query(({ ctx, input }) => termHistoryForTools(ctx.service, ctx.caller, input));
