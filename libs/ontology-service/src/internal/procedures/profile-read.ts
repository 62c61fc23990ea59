// profile.read of the internal API (INTERNAL_API in @oms/contracts).
import { INTERNAL_API } from '@oms/contracts';
import { readProfile } from '../../agent/read-tools.js';
import type { ActorProcedure } from '../actor-procedure.js';

const contract = INTERNAL_API['profile.read'];

export const profileRead = (procedure: ActorProcedure) =>
  procedure
    .input(contract.input)
    .output(contract.output)
    .query(({ ctx }) => readProfile(ctx.service, ctx.caller));
