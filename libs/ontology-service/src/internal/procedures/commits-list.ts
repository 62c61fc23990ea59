// commits.list of the internal API (INTERNAL_API in @oms/contracts).
import { INTERNAL_API } from '@oms/contracts';
import { listCommitsForTools } from '../../agent/read-tools.js';
import type { ActorProcedure } from '../actor-procedure.js';

const contract = INTERNAL_API['commits.list'];

export const commitsList = (procedure: ActorProcedure) =>
  procedure
    .input(contract.input)
    .output(contract.output)
    .query(({ ctx, input }) => listCommitsForTools(ctx.service, ctx.caller, input));
