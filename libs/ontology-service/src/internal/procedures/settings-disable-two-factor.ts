// settings.disableTwoFactor of the internal API (INTERNAL_API in @oms/contracts).
import { INTERNAL_API } from '@oms/contracts';
import { disableTwoFactor } from '../../accounts/two-factor.js';
import type { ActorProcedure } from '../actor-procedure.js';

const contract = INTERNAL_API['settings.disableTwoFactor'];

export const settingsDisableTwoFactor = (procedure: ActorProcedure) =>
  procedure
    .input(contract.input)
    .output(contract.output)
    .mutation(({ ctx, input }) => disableTwoFactor(ctx.service, ctx.caller, input));
