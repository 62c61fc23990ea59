// settings.revokeToken of the internal API (INTERNAL_API in @oms/contracts).
import { INTERNAL_API } from '@oms/contracts';
import { revokeApiToken } from '../../accounts/api-tokens.js';
import type { ActorProcedure } from '../actor-procedure.js';

const contract = INTERNAL_API['settings.revokeToken'];

export const settingsRevokeToken = (procedure: ActorProcedure) =>
  procedure
    .input(contract.input)
    .output(contract.output)
    .mutation(async ({ ctx, input }) => ({ revoked: await revokeApiToken(ctx.service, ctx.caller, input.id) }));
