// PUT /api/v1/password: the current password, then the new one twice. Every attempt counts
// toward the user's limit of credential checks (credential-checks.ts).
import { AppError, checkNewPassword } from '@oms/domain';
import type { ChangePasswordRequest } from '@oms/contracts';
import { findUserById, updatePasswordHash } from '@oms/db';
import type { ServiceContext } from '../context.js';
import { countCredentialCheck, credentialCheckPassed } from './credential-checks.js';

import type { Actor } from '../authorization/actor.js';
import { authorizedWrite } from '../authorization/reauthorize.js';

export async function changePassword(ctx: ServiceContext, actor: Actor, input: ChangePasswordRequest): Promise<{ success: boolean }> {
  const { userId } = actor;
  const user = await findUserById(ctx.db.prisma, userId);
  if (!user) throw new AppError('unauthorized');
  const { current_password, password, password_confirmation } = input.user;
  await countCredentialCheck(ctx, userId);
  if (!(await ctx.hasher.verify(user.passwordHash, current_password))) {
    throw AppError.validation({ current_password: ['is invalid'] });
  }
  await credentialCheckPassed(ctx, userId);
  const errors = checkNewPassword(password, password_confirmation);
  if (Object.keys(errors).length > 0) throw AppError.validation(errors);
  const passwordHash = await ctx.hasher.hash(password);
  await authorizedWrite(ctx.db.prisma, actor, {}, (tx) => updatePasswordHash(tx, userId, passwordHash));
  return { success: true };
}
