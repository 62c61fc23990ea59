// auth.checkCredentials of the internal API (INTERNAL_API in @oms/contracts).
import { INTERNAL_API } from '@oms/contracts';
import { checkCredentials } from '../../accounts/sign-in.js';
import type { SystemProcedure } from '../system-procedure.js';

const contract = INTERNAL_API['auth.checkCredentials'];

export const authCheckCredentials = (procedure: SystemProcedure) =>
  procedure
    .input(contract.input)
    .output(contract.output)
    .mutation(async ({ ctx, input }) => {
      const result = await checkCredentials(ctx.service, input.email, input.password, input.otp_attempt);
      return 'userId' in result ? { user_id: result.userId } : { refused: result.refused };
    });
