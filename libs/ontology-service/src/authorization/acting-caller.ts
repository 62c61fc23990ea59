// Who an internal call acts for (DESIGN 1): the user the MCP gateway or the embedded /mcp
// names, with the accounts they belong to, and the credential they came with.
import type { CallerCredential } from '@oms/contracts';
import { accountIdsOfExistingUser } from '@oms/db';
import type { ServiceContext } from '../context.js';
import type { Caller } from '../ontologies/caller.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type ActingRequest = {
  actorId: string | null;
  /** The actor's accounts when in-process code has just read them in the same request. */
  memberOf?: readonly string[] | undefined;
  credential?: CallerCredential | undefined;
};

/** The caller, or null when the request names no user that exists (every such call is 401). */
export async function actingCaller(ctx: Pick<ServiceContext, 'db'>, request: ActingRequest): Promise<Caller | null> {
  const userId = request.actorId?.toLowerCase() ?? '';
  if (!UUID.test(userId)) return null;
  const memberOf = request.memberOf ? [...request.memberOf] : await accountIdsOfExistingUser(ctx.db.prisma, userId);
  return memberOf ? { userId, memberOf, credential: request.credential ?? null } : null;
}
