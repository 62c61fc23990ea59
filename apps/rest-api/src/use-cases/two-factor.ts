// Two-factor sign-in with TOTP: begin (a secret to scan), confirm with a first code (then it
// is on), disable with password and a current code.
import { AppError } from '@oms/domain';
import { claimOtpStep, findUserById, setOtp, type DbClient } from '@oms/db';
import type { AppContext } from '../context.js';
import type { Actor } from '../authorization/actor.js';
import { authorizedWrite } from '../authorization/reauthorize.js';
import { matchTotp, newTotpSecret, totpUri } from '../security/totp.js';

async function userOf(ctx: AppContext, userId: string) {
  const user = await findUserById(ctx.db.prisma, userId);
  if (!user) throw new AppError('unauthorized');
  return user;
}

export async function beginTwoFactor(ctx: AppContext, actor: Actor) {
  const { userId } = actor;
  const user = await userOf(ctx, userId);
  if (user.otpEnabled) throw AppError.validation({ base: ['two-factor authentication is already on'] });
  const secret = newTotpSecret();
  await authorizedWrite(ctx.db.prisma, actor, {}, (tx) => setOtp(tx, userId, { secret, enabled: false, lastStep: null }));
  return { enabled: false, secret, otpauth_uri: totpUri(secret, user.email) };
}

async function checkCode(ctx: AppContext, tx: DbClient, user: { id: string; otpSecret: string | null }, code: string) {
  const step = user.otpSecret ? matchTotp(user.otpSecret, code, ctx.now()) : null;
  if (step === null || !(await claimOtpStep(tx, user.id, step))) {
    throw AppError.validation({ otp_attempt: ['is invalid'] });
  }
}

export async function confirmTwoFactor(ctx: AppContext, actor: Actor, code: string) {
  const { userId } = actor;
  const user = await userOf(ctx, userId);
  if (user.otpEnabled) throw AppError.validation({ base: ['two-factor authentication is already on'] });
  const secret = user.otpSecret;
  if (!secret) throw AppError.validation({ base: ['start the two-factor set-up first'] });
  await authorizedWrite(ctx.db.prisma, actor, {}, async (tx) => {
    await checkCode(ctx, tx, user, code);
    await setOtp(tx, userId, { secret, enabled: true });
  });
  return { enabled: true };
}

export async function disableTwoFactor(ctx: AppContext, actor: Actor, input: { password: string; otp_attempt: string }) {
  const user = await userOf(ctx, actor.userId);
  if (!(await ctx.hasher.verify(user.passwordHash, input.password))) throw AppError.validation({ password: ['is invalid'] });
  return disableTwoFactorWithCode(ctx, actor, input.otp_attempt);
}

/** The settings area, where the user is signed in already, turns it off with a current code. */
export async function disableTwoFactorWithCode(ctx: AppContext, actor: Actor, code: string) {
  const { userId } = actor;
  const user = await userOf(ctx, userId);
  if (!user.otpEnabled) throw AppError.validation({ base: ['two-factor authentication is not on'] });
  await authorizedWrite(ctx.db.prisma, actor, {}, async (tx) => {
    await checkCode(ctx, tx, user, code);
    await setOtp(tx, userId, { secret: null, enabled: false, lastStep: null });
  });
  return { enabled: false };
}
