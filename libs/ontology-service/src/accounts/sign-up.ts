// Open sign-up (DESIGN 4): the user, a personal account they own as admin, and a first API
// token, all in one transaction. Every attempt counts toward its address's sign-up limit.
import { AppError, checkNewPassword } from '@oms/domain';
import type { SignUpRequest, CreatedUserResponse } from '@oms/contracts';
import { createAccount, createUser, findUserByEmail, isUniqueViolation } from '@oms/db';
import type { ServiceContext } from '../context.js';
import { issueApiToken } from './issue-api-token.js';
import { rateLimited } from './rate-limited.js';

const TAKEN = AppError.validation({ email: ['has already been taken'] });

export async function signUp(ctx: ServiceContext, input: SignUpRequest, address: string): Promise<CreatedUserResponse> {
  if (ctx.config.registration === 'closed') throw new AppError('registration_closed');
  const wait = (await ctx.signUpLimiter?.hit(address)) ?? 0;
  if (wait > 0) throw rateLimited(wait, 'sign-ups from this address');
  const { user } = input;
  const passwordErrors = checkNewPassword(user.password, user.password_confirmation);
  if (Object.keys(passwordErrors).length > 0) throw AppError.validation(passwordErrors);
  if (await findUserByEmail(ctx.db.prisma, user.email)) throw TAKEN;

  const passwordHash = await ctx.hasher.hash(user.password);
  try {
    return await ctx.db.prisma.$transaction(async (tx) => {
      const created = await createUser(tx, {
        id: ctx.newId(),
        email: user.email,
        name: user.name,
        passwordHash,
        timeZone: user.time_zone,
      });
      await createAccount(tx, {
        id: ctx.newId(),
        name: created.name,
        personal: true,
        ownerId: created.id,
        membershipId: ctx.newId(),
      });
      const token = await issueApiToken(ctx, tx, created.id, 'Created at sign-up');
      return {
        user: {
          id: created.id,
          email: created.email,
          name: created.name,
          api_tokens: [{ id: token.id, name: token.name, token: token.token }],
        },
      };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw TAKEN;
    throw error;
  }
}
