// Checks of a signed-in user's password (and two-factor code): password change, two-factor on
// and off. Each attempt counts toward the user's limit (ctx.credentialCheckLimiter), so a
// stolen API token does not buy unlimited guesses at the password; a success clears it.
import type { ServiceContext } from '../context.js';
import { rateLimited } from './rate-limited.js';

/** Counts one attempt; throws rate_limited (429) when the user has used up their attempts. */
export async function countCredentialCheck(ctx: ServiceContext, userId: string): Promise<void> {
  const wait = await ctx.credentialCheckLimiter.hit(userId);
  if (wait > 0) throw rateLimited(wait, 'wrong passwords or codes');
}

/** After a check that passed: the user's count starts again. */
export async function credentialCheckPassed(ctx: ServiceContext, userId: string): Promise<void> {
  await ctx.credentialCheckLimiter.reset(userId);
}
