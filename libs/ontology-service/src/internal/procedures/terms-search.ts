// terms.search of the internal API (INTERNAL_API in @oms/contracts).
import { INTERNAL_API } from '@oms/contracts';
import { searchTermsForTools } from '../../agent/term-tools.js';
import type { ActorProcedure } from '../actor-procedure.js';

const contract = INTERNAL_API['terms.search'];

export const termsSearch = (procedure: ActorProcedure) =>
  procedure
    .input(contract.input)
    .output(contract.output)
    .query(({ ctx, input }) => searchTermsForTools(ctx.service, ctx.caller, input));
