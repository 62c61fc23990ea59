// GET /api/v1/me (SPEC 2.3): the signed-in user as authentication loaded them (no second
// read), with the signed global id that needs the service's key.
import type { ProfileResponse } from '@oms/contracts';
import type { ServiceContext } from '../context.js';
import { presentProfile } from '../presenters/profile.js';

export type ProfileUser = Parameters<typeof presentProfile>[0];

export async function readOwnProfile(ctx: ServiceContext, user: ProfileUser): Promise<ProfileResponse> {
  return presentProfile(user, await ctx.sgidKey());
}
