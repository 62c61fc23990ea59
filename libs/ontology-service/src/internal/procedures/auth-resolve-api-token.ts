// auth.resolveApiToken of the internal API (INTERNAL_API in @oms/contracts).
import { INTERNAL_API } from '@oms/contracts';
import { resolveApiToken } from '../../authorization/agent-bearer.js';
import type { SystemProcedure } from '../system-procedure.js';

const contract = INTERNAL_API['auth.resolveApiToken'];

export const authResolveApiToken = (procedure: SystemProcedure) =>
  procedure
    .input(contract.input)
    .output(contract.output)
    .mutation(({ ctx, input }) => resolveApiToken(ctx.service, input));
