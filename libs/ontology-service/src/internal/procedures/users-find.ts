// users.find of the internal API (INTERNAL_API in @oms/contracts).
import { INTERNAL_API } from '@oms/contracts';
import { findUser } from '../../accounts/find-user.js';
import type { SystemProcedure } from '../system-procedure.js';

const contract = INTERNAL_API['users.find'];

export const usersFind = (procedure: SystemProcedure) =>
  procedure
    .input(contract.input)
    .output(contract.output)
    .query(({ ctx, input }) => findUser(ctx.service, { userId: input.user_id }));
