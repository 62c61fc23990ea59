// ontologies.create of the internal API (INTERNAL_API in @oms/contracts).
import { INTERNAL_API } from '@oms/contracts';
import { createOntologyForTools } from '../../agent/write-tools.js';
import type { ActorProcedure } from '../actor-procedure.js';

const contract = INTERNAL_API['ontologies.create'];

export const ontologiesCreate = (procedure: ActorProcedure) =>
  procedure
    .input(contract.input)
    .output(contract.output)
    .mutation(({ ctx, input }) => createOntologyForTools(ctx.service, ctx.caller, input));
