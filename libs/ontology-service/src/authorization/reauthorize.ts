// reauthorize(tx, actor, requirement): the first step of every write's transaction. It
// re-reads, and locks until the transaction ends, the actor's credential, user and
// membership, so a token revoked or a member removed while the request was on its way
// (its body can take seconds to arrive) stops the write; the revocation or removal waits
// for a write that got there first.
import { lockWriteAccess, type DbClient, type Database, type SqlRunner, type WriteAccessState } from '@oms/db';
import type { Role } from '@oms/domain';
import type { Actor } from './actor.js';
import { roleIn, writeAccessError, type WriteRequirement } from './write-access.js';

type PrismaClient = Database['prisma'];
type PrismaTransaction = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

export type Reauthorized = {
  /** The accounts the actor belongs to, as read in this transaction. */
  memberOf: string[];
  /** The account of the requirement as read (and locked) now, and the actor's role in it. */
  account: WriteAccessState['account'];
  role: Role | undefined;
};

export async function reauthorize(
  tx: DbClient | SqlRunner,
  actor: Actor,
  requirement: WriteRequirement & { accountLock?: 'share' | 'update' } = {},
): Promise<Reauthorized> {
  const state = await lockWriteAccess(tx, {
    userId: actor.userId,
    credential: actor.credential,
    accountId: requirement.accountId,
    accountLock: requirement.accountLock,
  });
  const refusal = writeAccessError(state, requirement);
  if (refusal) throw refusal;
  return {
    memberOf: state.memberships.map((membership) => membership.accountId),
    account: state.account,
    role: requirement.accountId === undefined ? undefined : roleIn(state, requirement.accountId),
  };
}

/** How long a write may wait for its connection and take (a large source is checked inside). */
export const WRITE_TX = { maxWait: 15_000, timeout: 30_000 } as const;

/** A transaction's time bounds (ms): waiting for its connection, and running. */
export type TxBounds = { maxWait: number; timeout: number };

/**
 * WRITE_TX stretched to work that grows with its size: `amount` things (bytes of a source stored,
 * terms written) done at `perMs` a millisecond at the slowest; never below WRITE_TX. With
 * `waitAsLong` the transaction may also wait that long for its connection (another writer of a
 * source as large may be ahead of it).
 */
export function stretchedWriteTx(amount: number, perMs: number, options: { waitAsLong?: boolean } = {}): TxBounds {
  const timeout = Math.max(WRITE_TX.timeout, Math.ceil(amount / perMs));
  return { maxWait: options.waitAsLong === true ? Math.max(WRITE_TX.maxWait, timeout) : WRITE_TX.maxWait, timeout };
}

/** Runs `work` in one transaction whose first step is reauthorize. */
export function authorizedWrite<T>(
  prisma: PrismaClient,
  actor: Actor,
  requirement: Parameters<typeof reauthorize>[2],
  work: (tx: PrismaTransaction, access: Reauthorized) => Promise<T>,
): Promise<T> {
  return prisma.$transaction(async (tx) => work(tx, await reauthorize(tx, actor, requirement)), WRITE_TX);
}
