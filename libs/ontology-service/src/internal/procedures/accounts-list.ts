// accounts.list of the internal API (INTERNAL_API in @oms/contracts).
import { INTERNAL_API } from '@oms/contracts';
import { listAccountsWithRoles } from '../../agent/read-tools.js';
import type { ActorProcedure } from '../actor-procedure.js';

const contract = INTERNAL_API['accounts.list'];

export const accountsList = (procedure: ActorProcedure) =>
  procedure
    .input(contract.input)
    .output(contract.output)
    .query(({ ctx }) => listAccountsWithRoles(ctx.service, ctx.caller));
