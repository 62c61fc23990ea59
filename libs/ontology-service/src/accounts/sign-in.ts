// POST /api/v1/auth: e-mail and password, plus a TOTP code for users with two-factor on.
// Every failure is the same 401, and unknown e-mails cost the same time as wrong passwords.
import { AppError } from '@oms/domain';
import type { SignInRequest } from '@oms/contracts';
import { claimOtpStep, findUserByEmail } from '@oms/db';
import type { ServiceContext } from '../context.js';
import { matchTotp } from '../security/totp.js';
import { issueApiToken } from './issue-api-token.js';
import { rateLimited } from './rate-limited.js';

export type CredentialResult = { userId: string } | { refused: 'credentials' | 'otp' };

/** E-mail, password and (when two-factor is on) a fresh TOTP code; shared by REST and the OAuth sign-in page. */
export async function checkCredentials(ctx: ServiceContext, email: string, password: string, otp: string | null | undefined): Promise<CredentialResult> {
  const user = await findUserByEmail(ctx.db.prisma, email.trim());
  if (!user) {
    await ctx.hasher.verifyDummy(password);
    return { refused: 'credentials' };
  }
  if (!(await ctx.hasher.verify(user.passwordHash, password))) return { refused: 'credentials' };
  if (user.otpEnabled && user.otpSecret) {
    const step = otp ? matchTotp(user.otpSecret, otp, ctx.now()) : null;
    if (step === null || !(await claimOtpStep(ctx.db.prisma, user.id, step))) return { refused: 'otp' };
  }
  return { userId: user.id };
}

export async function signIn(ctx: ServiceContext, input: SignInRequest, address: string): Promise<{ token: string }> {
  const keys = { account: input.email.trim() || '-', address };
  const wait = await ctx.signInLimiter.hit(keys);
  if (wait > 0) throw rateLimited(wait, 'sign-in attempts');
  const result = await checkCredentials(ctx, input.email, input.password, input.otp_attempt);
  if ('refused' in result) throw new AppError('unauthorized');
  await ctx.signInLimiter.succeeded(keys);
  const token = await issueApiToken(ctx, ctx.db.prisma, result.userId, `Sign-in at ${ctx.now().toISOString()}`);
  return { token: token.token };
}
