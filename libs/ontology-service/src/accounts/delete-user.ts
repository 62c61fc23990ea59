// DELETE /api/v1/me (DESIGN 4): the user, their tokens and devices, their personal account
// with its ontologies and commits, and their memberships go. Team accounts stay: one the
// user owned passes to its longest-standing admin (or member, made admin); a team with no
// one left is deleted, since nobody could reach it again.
import { AppError } from '@oms/domain';
import {
  deleteAccountsById,
  deleteOidcStateOfUser,
  lockUserForDeletion,
  deleteUserRow,
  personalAccountIdsOf,
  setAccountOwner,
  setMembershipRole,
  teamAccountsOwnedBy,
} from '@oms/db';
import type { ServiceContext } from '../context.js';
import type { Actor } from '../authorization/actor.js';
import { reauthorize, WRITE_TX } from '../authorization/reauthorize.js';

export async function deleteUser(ctx: ServiceContext, actor: Actor): Promise<void> {
  const { userId } = actor;
  await ctx.db.prisma.$transaction(async (tx) => {
    // Accounts first, then the user (the one lock order): a member leaving or being removed
    // at the same time runs before or after this, never in between (issue 17, item 4).
    // Deleted meanwhile (a second DELETE /me at once): the token died with the user.
    if (!(await lockUserForDeletion(tx, userId))) throw new AppError('unauthorized');
    // The token the request came with, still not revoked.
    await reauthorize(tx, actor);
    const doomed = (await personalAccountIdsOf(tx, userId)).map((row) => row.id);
    for (const team of await teamAccountsOwnedBy(tx, userId)) {
      const others = team.accountUsers.filter((member) => member.userId !== userId);
      const heir = others.find((member) => member.role === 'admin') ?? others[0];
      if (!heir) {
        doomed.push(team.id);
        continue;
      }
      if (heir.role !== 'admin') await setMembershipRole(tx, heir.id, 'admin');
      await setAccountOwner(tx, team.id, heir.userId);
    }
    if (doomed.length > 0) await deleteAccountsById(tx, doomed);
    // OAuth grants, sessions and tokens of the user: connected apps lose access at once.
    await deleteOidcStateOfUser(tx, userId);
    await deleteUserRow(tx, userId);
  }, WRITE_TX);
}
