// settings.beginTwoFactor of the internal API (INTERNAL_API in @oms/contracts).
import { INTERNAL_API } from '@oms/contracts';
import { beginTwoFactor } from '../../accounts/two-factor.js';
import type { ActorProcedure } from '../actor-procedure.js';

const contract = INTERNAL_API['settings.beginTwoFactor'];

export const settingsBeginTwoFactor = (procedure: ActorProcedure) =>
  procedure
    .input(contract.input)
    .output(contract.output)
    .mutation(({ ctx }) => beginTwoFactor(ctx.service, ctx.caller));
