// A user by id, for the authorization server (consent and sign-in pages, the settings area).
import { findUserById } from '@oms/db';
import type { ServiceContext } from '../context.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type FoundUser = { id: string; email: string; name: string };

/** The user, or null when the id is no user's (or not an id at all). */
export async function findUser(ctx: Pick<ServiceContext, 'db'>, request: { userId: string }): Promise<FoundUser | null> {
  if (!UUID.test(request.userId)) return null;
  const user = await findUserById(ctx.db.prisma, request.userId.toLowerCase());
  return user ? { id: user.id, email: user.email, name: user.name } : null;
}
