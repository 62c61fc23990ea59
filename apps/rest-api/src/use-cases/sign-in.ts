// POST /api/v1/auth: e-mail and password, plus a TOTP code for users with two-factor on.
// Every failure is the same 401, and unknown e-mails cost the same time as wrong passwords.
import { AppError } from '@oms/domain';
import type { SignInRequest } from '@oms/contracts';
import { claimOtpStep, findUserByEmail } from '@oms/db';
import type { AppContext } from '../context.js';
import { matchTotp } from '../security/totp.js';
import { issueApiToken } from './issue-api-token.js';

export async function signIn(ctx: AppContext, input: SignInRequest): Promise<{ token: string }> {
  const user = await findUserByEmail(ctx.db.prisma, input.email.trim());
  if (!user) {
    await ctx.hasher.verifyDummy(input.password);
    throw new AppError('unauthorized');
  }
  if (!(await ctx.hasher.verify(user.passwordHash, input.password))) throw new AppError('unauthorized');
  if (user.otpEnabled && user.otpSecret) {
    const now = ctx.now();
    const step = input.otp_attempt ? matchTotp(user.otpSecret, input.otp_attempt, now) : null;
    if (step === null || !(await claimOtpStep(ctx.db.prisma, user.id, step))) throw new AppError('unauthorized');
  }
  const token = await issueApiToken(ctx, ctx.db.prisma, user.id, `Sign-in at ${ctx.now().toISOString()}`);
  return { token: token.token };
}
