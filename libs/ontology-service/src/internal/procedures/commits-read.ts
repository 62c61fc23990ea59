// commits.read of the internal API (INTERNAL_API in @oms/contracts).
import { INTERNAL_API } from '@oms/contracts';
import { readCommitForTools } from '../../agent/read-tools.js';
import type { ActorProcedure } from '../actor-procedure.js';

const contract = INTERNAL_API['commits.read'];

export const commitsRead = (procedure: ActorProcedure) =>
  procedure
    .input(contract.input)
    .output(contract.output)
    .query(({ ctx, input }) => readCommitForTools(ctx.service, ctx.caller, input));
