// Two-factor sign-in with TOTP: begin (a secret to scan), confirm with the password and a
// first code (then it is on), disable with the password and a current code.
// The password on confirm is what stops a stolen API token from turning two-factor on with
// the thief's authenticator (locking the owner out of sign-in). Password and code are checked
// together and refused with one message, so a guess never tells which of them was right;
// every attempt counts toward the user's limit of credential checks (a success clears it).
// Each write re-reads its caller inside its own transaction (authorizedWrite).
import { AppError } from '@oms/domain';
import { claimOtpStep, findUserById, setOtp, type DbClient } from '@oms/db';
import type { ServiceContext } from '../context.js';
import type { Actor } from '../authorization/actor.js';
import { authorizedWrite } from '../authorization/reauthorize.js';
import { matchTotp, newTotpSecret, totpUri } from '../security/totp.js';
import { countCredentialCheck, credentialCheckPassed } from './credential-checks.js';

export type TwoFactorCredentials = { password: string; otp_attempt: string };

/** The one answer to a wrong password, a wrong code, or both. */
const WRONG_PASSWORD_OR_CODE = () => AppError.validation({ base: ['password or one-time code is invalid'] });

type OtpUser = { id: string; passwordHash: string; otpSecret: string | null };

async function userOf(ctx: ServiceContext, userId: string) {
  const user = await findUserById(ctx.db.prisma, userId);
  if (!user) throw new AppError('unauthorized');
  return user;
}

export async function beginTwoFactor(ctx: ServiceContext, actor: Actor) {
  const { userId } = actor;
  const user = await userOf(ctx, userId);
  if (user.otpEnabled) throw AppError.validation({ base: ['two-factor authentication is already on'] });
  const secret = newTotpSecret();
  await authorizedWrite(ctx.db.prisma, actor, {}, (tx) => setOtp(tx, userId, { secret, enabled: false, lastStep: null }));
  return { enabled: false, secret, otpauth_uri: totpUri(secret, user.email) };
}

/**
 * Both factors at once, the code's time step claimed in the write's transaction and only when
 * the password is right too. The password (argon2, slow) is verified before the transaction.
 */
async function withPasswordAndCode(ctx: ServiceContext, actor: Actor, user: OtpUser, input: TwoFactorCredentials, write: (tx: DbClient) => Promise<unknown>) {
  await countCredentialCheck(ctx, user.id);
  const passwordOk = await ctx.hasher.verify(user.passwordHash, input.password);
  const step = user.otpSecret ? matchTotp(user.otpSecret, input.otp_attempt, ctx.now()) : null;
  if (!passwordOk || step === null) throw WRONG_PASSWORD_OR_CODE();
  await authorizedWrite(ctx.db.prisma, actor, {}, async (tx) => {
    if (!(await claimOtpStep(tx, user.id, step))) throw WRONG_PASSWORD_OR_CODE();
    await write(tx);
  });
  await credentialCheckPassed(ctx, user.id);
}

export async function confirmTwoFactor(ctx: ServiceContext, actor: Actor, input: TwoFactorCredentials) {
  const user = await userOf(ctx, actor.userId);
  if (user.otpEnabled) throw AppError.validation({ base: ['two-factor authentication is already on'] });
  const secret = user.otpSecret;
  if (!secret) throw AppError.validation({ base: ['start the two-factor set-up first'] });
  await withPasswordAndCode(ctx, actor, user, input, (tx) => setOtp(tx, user.id, { secret, enabled: true }));
  return { enabled: true };
}

export async function disableTwoFactor(ctx: ServiceContext, actor: Actor, input: TwoFactorCredentials) {
  const user = await userOf(ctx, actor.userId);
  if (!user.otpEnabled) throw AppError.validation({ base: ['two-factor authentication is not on'] });
  await withPasswordAndCode(ctx, actor, user, input, (tx) => setOtp(tx, user.id, { secret: null, enabled: false, lastStep: null }));
  return { enabled: false };
}
