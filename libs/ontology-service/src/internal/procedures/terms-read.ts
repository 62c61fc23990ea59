// terms.read of the internal API (INTERNAL_API in @oms/contracts).
import { INTERNAL_API } from '@oms/contracts';
import { readTermForTools } from '../../agent/term-tools.js';
import type { ActorProcedure } from '../actor-procedure.js';

const contract = INTERNAL_API['terms.read'];

export const termsRead = (procedure: ActorProcedure) =>
  procedure
    .input(contract.input)
    .output(contract.output)
    .query(({ ctx, input }) => readTermForTools(ctx.service, ctx.caller, input));
