// settings.createToken of the internal API (INTERNAL_API in @oms/contracts).
import { INTERNAL_API } from '@oms/contracts';
import { createApiToken } from '../../accounts/api-tokens.js';
import type { ActorProcedure } from '../actor-procedure.js';

const contract = INTERNAL_API['settings.createToken'];

export const settingsCreateToken = (procedure: ActorProcedure) =>
  procedure
    .input(contract.input)
    .output(contract.output)
    .mutation(({ ctx, input }) => createApiToken(ctx.service, ctx.caller, input.name));
