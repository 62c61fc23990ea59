// ontologies.update of the internal API (INTERNAL_API in @oms/contracts).
import { INTERNAL_API } from '@oms/contracts';
import { updateOntologyForTools } from '../../agent/write-tools.js';
import type { ActorProcedure } from '../actor-procedure.js';

const contract = INTERNAL_API['ontologies.update'];

export const ontologiesUpdate = (procedure: ActorProcedure) =>
  procedure
    .input(contract.input)
    .output(contract.output)
    .mutation(({ ctx, input }) => updateOntologyForTools(ctx.service, ctx.caller, input));
