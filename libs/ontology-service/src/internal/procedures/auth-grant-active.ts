// auth.grantActive of the internal API (INTERNAL_API in @oms/contracts).
import { INTERNAL_API } from '@oms/contracts';
import { grantActive } from '../../authorization/agent-bearer.js';
import type { SystemProcedure } from '../system-procedure.js';

const contract = INTERNAL_API['auth.grantActive'];

export const authGrantActive = (procedure: SystemProcedure) =>
  procedure
    .input(contract.input)
    .output(contract.output)
    .query(async ({ ctx, input }) => ({ active: await grantActive(ctx.service, { grantId: input.grant_id, userId: input.user_id, jti: input.jti }) }));
