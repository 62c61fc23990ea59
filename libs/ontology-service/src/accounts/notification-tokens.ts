// Device tokens for push notifications (DESIGN 4): each user's own registrations, added and
// removed in a write that first re-reads the caller's credential.
import type { NotificationTokenRequest } from '@oms/contracts';
import { deleteNotificationToken, upsertNotificationToken } from '@oms/db';
import type { ServiceContext } from '../context.js';
import type { Actor } from '../authorization/actor.js';
import { authorizedWrite } from '../authorization/reauthorize.js';

/** Registers the device for the actor (again: a no-op); answers the registration as given. */
export async function registerNotificationToken(ctx: ServiceContext, actor: Actor, input: NotificationTokenRequest) {
  await authorizedWrite(ctx.db.prisma, actor, {}, (tx) => upsertNotificationToken(tx, { id: ctx.newId(), userId: actor.userId, ...input }));
  return { token: input.token, platform: input.platform };
}

/** Removes the actor's own registration of the device, if any. */
export async function unregisterNotificationToken(ctx: ServiceContext, actor: Actor, input: NotificationTokenRequest): Promise<void> {
  await authorizedWrite(ctx.db.prisma, actor, {}, (tx) => deleteNotificationToken(tx, actor.userId, input));
}
