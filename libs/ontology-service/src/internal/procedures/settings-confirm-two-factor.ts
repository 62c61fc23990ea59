// settings.confirmTwoFactor of the internal API (INTERNAL_API in @oms/contracts).
import { INTERNAL_API } from '@oms/contracts';
import { confirmTwoFactor } from '../../accounts/two-factor.js';
import type { ActorProcedure } from '../actor-procedure.js';

const contract = INTERNAL_API['settings.confirmTwoFactor'];

export const settingsConfirmTwoFactor = (procedure: ActorProcedure) =>
  procedure
    .input(contract.input)
    .output(contract.output)
    .mutation(({ ctx, input }) => confirmTwoFactor(ctx.service, ctx.caller, input));
