// settings.twoFactor of the internal API (INTERNAL_API in @oms/contracts).
import { INTERNAL_API } from '@oms/contracts';
import { twoFactorEnabled } from '../../accounts/settings-reads.js';
import type { ActorProcedure } from '../actor-procedure.js';

const contract = INTERNAL_API['settings.twoFactor'];

export const settingsTwoFactor = (procedure: ActorProcedure) =>
  procedure
    .input(contract.input)
    .output(contract.output)
    .query(async ({ ctx }) => ({ enabled: await twoFactorEnabled(ctx.service, ctx.caller) }));
