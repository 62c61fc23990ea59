// settings.tokens of the internal API (INTERNAL_API in @oms/contracts).
import { INTERNAL_API } from '@oms/contracts';
import { listOwnApiTokens } from '../../accounts/settings-reads.js';
import type { ActorProcedure } from '../actor-procedure.js';

const contract = INTERNAL_API['settings.tokens'];

export const settingsTokens = (procedure: ActorProcedure) =>
  procedure
    .input(contract.input)
    .output(contract.output)
    .query(async ({ ctx }) => ({ tokens: await listOwnApiTokens(ctx.service, ctx.caller) }));
