// ontologies.read of the internal API (INTERNAL_API in @oms/contracts).
import { INTERNAL_API } from '@oms/contracts';
import { readOntologyForTools } from '../../agent/read-tools.js';
import type { ActorProcedure } from '../actor-procedure.js';

const contract = INTERNAL_API['ontologies.read'];

export const ontologiesRead = (procedure: ActorProcedure) =>
  procedure
    .input(contract.input)
    .output(contract.output)
    .query(({ ctx, input }) => readOntologyForTools(ctx.service, ctx.caller, input));
