// ontologies.delete of the internal API (INTERNAL_API in @oms/contracts).
import { INTERNAL_API } from '@oms/contracts';
import { deleteOntologyForTools } from '../../agent/write-tools.js';
import type { ActorProcedure } from '../actor-procedure.js';

const contract = INTERNAL_API['ontologies.delete'];

export const ontologiesDelete = (procedure: ActorProcedure) =>
  procedure
    .input(contract.input)
    .output(contract.output)
    .mutation(({ ctx, input }) => deleteOntologyForTools(ctx.service, ctx.caller, input));
